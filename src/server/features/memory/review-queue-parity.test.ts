import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewQueueOf } from '@shared/review-queue';
import type { DeckWithCards } from '@shared/schemas/deck';
import type { MemoryStates } from '@shared/schemas/memory-states';
import type { ReviewQueue } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import { schedulerFor, type Memory } from '@shared/srs';
import { PARAMETER_BOUNDS, validParameters } from '@shared/schedule';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

// The review queue a device computes offline (src/shared/review-queue.ts) from what the API gave it
// must be the server's queue, card for card, at every moment of a student's weeks.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2025-03-03T07:30:00.000Z');
const TZ = 'America/New_York';

let t: TestApp;
let a: Agent;
let b: Agent;
let clock = T0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { SESSION_IDLE_DAYS: '300', SESSION_MAX_DAYS: '300' } });
  a = await t.user('a');
  b = await t.user('b');
});
afterAll(() => t.close());

async function get<T>(path: string): Promise<T> {
  const res = await a.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body as T;
}

/** The queue as the device computes it from the student, the decks and the memory states. */
async function deviceQueue(studentId: number, deckId: number | null): Promise<ReviewQueue> {
  const tz = encodeURIComponent(TZ);
  const states = await get<MemoryStates>(`/api/students/${studentId}/memory-states?tz=${tz}`);
  const student = (await get<Student[]>('/api/students')).find((s) => s.id === studentId)!;
  const list = await get<{ id: number; is_archived: boolean; created_at: string }[]>(
    `/api/decks?student_id=${studentId}&tz=${tz}`,
  );
  const ids = deckId === null ? list.filter((d) => !d.is_archived).map((d) => d.id) : [deckId];
  const decks = await Promise.all(ids.map((id) => get<DeckWithCards>(`/api/decks/${id}`)));
  decks.sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id - y.id);
  return reviewQueueOf({
    now: new Date(clock),
    tz: TZ,
    limits: student,
    answeredToday: states.answered_today,
    decks,
    memory: new Map<number, Memory>(states.states.map(({ card_id, deck_id: _, ...m }) => [card_id, m])),
    parameters: states.parameters,
  });
}

async function expectSameQueue(studentId: number, deckId: number | null = null) {
  const query = `tz=${encodeURIComponent(TZ)}${deckId === null ? '' : `&deck_id=${deckId}`}`;
  const server = await get<ReviewQueue>(`/api/students/${studentId}/review?${query}`);
  expect(await deviceQueue(studentId, deckId)).toEqual(server);
  return server;
}

describe('on-device review queue', () => {
  it('matches GET /api/students/{id}/review through weeks of answers, limits and two decks', async () => {
    const studentId = await seedStudent(t.db, a.id);
    const put = await a.put(`/api/students/${studentId}`, { name: 'Student', new_per_day: 4, max_reviews_per_day: 10 });
    expect(put.status, put.text).toBe(200);
    const first = await seedDeck(t.db, a.id, { studentId, title: 'First' });
    const second = await seedDeck(t.db, a.id, { studentId: null, title: 'Second' });
    await seedCards(t.db, first, 9);
    await seedCards(t.db, second, 7);
    // Another family's memory never enters the queue.
    const theirs = await seedStudent(t.db, b.id);
    await seedCards(t.db, await seedDeck(t.db, b.id, { studentId: theirs }), 3);

    const ratings = ['good', 'again', 'easy', 'hard', 'good'] as const;
    let nonEmpty = 0;
    for (let day = 0; day < 12; day++) {
      for (const hours of [0, 0.3, 5]) {
        clock = T0 + day * DAY + hours * HOUR;
        await expectSameQueue(studentId, first);
        await expectSameQueue(studentId, second);
        const queue = await expectSameQueue(studentId);
        if (queue.cards.length > 0) nonEmpty++;
        const answers = queue.cards.slice(0, 5).map((card, i) => ({
          card_id: card.id,
          is_correct: ratings[(card.id + day + i) % ratings.length] !== 'again',
          rating: ratings[(card.id + day + i) % ratings.length],
          reviewed_at: new Date(clock - (5 - i) * 1000).toISOString(),
        }));
        if (answers.length > 0) {
          const res = await a.post('/api/card-performance', { student_id: studentId, card_results: answers });
          expect(res.status, res.text).toBe(201);
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
    // Weeks of answers, each day read from the API: minutes on PostgreSQL on a busy machine (a timeout, not a timed assertion).
  }, 120_000);

  it("matches it with the student's tuned parameters, answers applied on the device as the server applies them", async () => {
    clock = T0;
    const studentId = await seedStudent(t.db, a.id);
    const put = await a.put(`/api/students/${studentId}`, { name: 'Student', new_per_day: 5, max_reviews_per_day: 20 });
    expect(put.status, put.text).toBe(200);
    const deck = await seedDeck(t.db, a.id, { studentId, title: 'Tuned' });
    await seedCards(t.db, deck, 12);
    // Parameters as a tuning saves them (issue 26): far from the defaults, within the optimizer's bounds.
    const tuned = PARAMETER_BOUNDS.map(([lo, hi], i) => (i < 4 ? lo + (hi - lo) * 0.01 : lo + (hi - lo) * 0.3));
    expect(validParameters(tuned)).toBe(true);
    await t.db.kysely
      .insertInto('student_schedules')
      .values({
        student_id: studentId,
        parameters: JSON.stringify(tuned),
        tuned_at: new Date(T0).toISOString(),
        reviews_used: 500,
        tuning_id: 1,
      })
      .execute();

    const ratings = ['good', 'again', 'easy', 'hard', 'good'] as const;
    const tz = encodeURIComponent(TZ);
    let differs = 0;
    for (let day = 0; day < 10; day++) {
      for (const hours of [0, 0.3, 5]) {
        clock = T0 + day * DAY + hours * HOUR;
        const states = await get<MemoryStates>(`/api/students/${studentId}/memory-states?tz=${tz}`);
        expect(states.parameters).toEqual(tuned);
        const queue = await expectSameQueue(studentId);
        // The queue carries them, so the detailed buttons preview with the child's own model.
        expect(queue.parameters).toEqual(tuned);
        const answers = queue.cards.slice(0, 5).map((card, i) => ({
          card_id: card.id,
          rating: ratings[(card.id + day + i) % ratings.length]!,
          reviewed_at: new Date(clock - (5 - i) * 1000).toISOString(),
        }));
        if (answers.length === 0) continue;
        // What the device computes for these answers before the server has them.
        const device = schedulerFor({ desired_retention: 0.9, parameters: states.parameters });
        const defaults = schedulerFor({ desired_retention: 0.9 });
        const memory = new Map<number, Memory>(states.states.map(({ card_id, deck_id: _, ...m }) => [card_id, m]));
        const expected = answers.map((r) => device.apply(memory.get(r.card_id) ?? null, r.card_id, r));
        answers.forEach((r, i) => {
          if (defaults.apply(memory.get(r.card_id) ?? null, r.card_id, r).due !== expected[i]!.due) differs++;
        });
        const res = await a.post('/api/card-performance', {
          student_id: studentId,
          card_results: answers.map((r) => ({ ...r, is_correct: r.rating !== 'again' })),
        });
        expect(res.status, res.text).toBe(201);
        const after = await get<MemoryStates>(`/api/students/${studentId}/memory-states?tz=${tz}`);
        answers.forEach((r, i) => {
          const { card_id: _, deck_id: __, ...m } = after.states.find((s) => s.card_id === r.card_id)!;
          expect(m).toEqual(expected[i]);
        });
      }
    }
    // The tuned parameters did schedule differently from the defaults.
    expect(differs).toBeGreaterThan(5);
  });

  it('GET /api/students/{id}/memory-states answers 404 for another family and 400 for an unknown zone', async () => {
    clock = T0;
    const studentId = await seedStudent(t.db, b.id);
    expect((await a.get(`/api/students/${studentId}/memory-states`)).status).toBe(404);
    const mine = await seedStudent(t.db, a.id);
    const res = await a.get(`/api/students/${mine}/memory-states?tz=Mars%2FOlympus`);
    expect([res.status, res.body.code]).toEqual([400, expect.any(String)]);
    expect(await get(`/api/students/${mine}/memory-states`)).toEqual({
      day: '2025-03-03',
      answered_today: { reviewed: 0, introduced: 0 },
      states: [],
      parameters: null,
    });
  });
});
