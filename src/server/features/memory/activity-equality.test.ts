import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay } from '@shared/local-day';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

// Progress reads the answers per day from what the saves keep (review_activity, per student, deck and
// quarter hour), never from the answer log. These tests hold it to the log: whatever happens, the
// 12-week activity equals the log's answers counted per local day afresh.

let clock = Date.parse('2025-05-01T10:00:00.000Z');
let t: TestApp;
let a: Agent;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  a = await t.user('a');
});
afterAll(() => t.close());

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

/** The activity as the log gives it: each answer of the student counted on its local day in `tz`. */
async function activityFromLog(studentId: number, days: string[], tz: string) {
  const log = await t.db.kysely
    .selectFrom('review_logs')
    .select(['rating', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .execute();
  return days.map((date) => {
    const from = startOfLocalDay(date, tz);
    const to = startOfLocalDay(addDays(date, 1), tz);
    const that = log.filter((r) => Date.parse(r.reviewed_at) >= from && Date.parse(r.reviewed_at) < to);
    return { date, reviews: that.length, correct: that.filter((r) => r.rating !== 'again').length };
  });
}

async function activity(studentId: number, tz: string) {
  const res = await a.get(`/api/progress/${studentId}?tz=${encodeURIComponent(tz)}`);
  expect(res.status).toBe(200);
  return res.body.memory_statistics.activity as { date: string; reviews: number; correct: number }[];
}

describe('activity of the progress screen', () => {
  it('equals the answer log through saves, card and deck deletions, progress removal and resets', async () => {
    const next = random(7);
    const student = await seedStudent(t.db, a.id, 'Ana');
    const sibling = await seedStudent(t.db, a.id, 'Luis');
    const decks = [
      await seedDeck(t.db, a.id, { studentId: student, title: 'Own 1' }),
      await seedDeck(t.db, a.id, { studentId: student, title: 'Own 2' }),
      await seedDeck(t.db, a.id, { title: 'Shared' }),
    ];
    const cards = new Map<number, number[]>();
    for (const d of decks) cards.set(d, await seedCards(t.db, d, 5));
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];

    for (let step = 0; step < 60; step++) {
      // Minutes to a day between answers, so that they fall into many quarter hours and local days
      // (within the session's 30 days).
      clock += next(24) * 37 * 60_000 + (next(10) === 0 ? 86_400_000 : 0);
      const live = decks.filter((d) => cards.has(d));
      const deck = live[next(live.length)]!;
      const who = deck === decks[2] && next(2) === 0 ? sibling : student;
      const op = next(20);
      if (op < 15) {
        const pool = cards.get(deck)!;
        if (pool.length === 0) continue;
        const card_results = Array.from({ length: 1 + next(8) }, () => ({
          card_id: pool[next(pool.length)]!,
          is_correct: next(3) > 0,
        }));
        expect((await a.post('/api/card-performance', { student_id: who, card_results })).status).toBe(201);
      } else if (op === 15) {
        const pool = cards.get(deck)!;
        if (pool.length === 0) continue;
        expect((await a.del(`/api/cards/${pool.pop()}`)).status).toBe(200);
      } else if (op === 16) {
        expect((await a.del(`/api/students/${student}/decks/${deck}/remove-progress`)).status).toBe(200);
      } else if (op === 17 && live.length > 1) {
        expect((await a.del(`/api/decks/${deck}`)).status).toBe(200);
        cards.delete(deck);
      } else if (op === 18 && next(3) === 0) {
        expect((await a.del(`/api/students/${sibling}/nuke-progress`)).status).toBe(200);
      }
      if (step % 6 === 5) {
        for (const id of [student, sibling]) {
          const tz = zones[next(zones.length)]!;
          const got = await activity(id, tz);
          expect(got, `step ${step}, ${tz}`).toEqual(
            await activityFromLog(
              id,
              got.map((d) => d.date),
              tz,
            ),
          );
        }
      }
    }
    // The history did reach the screen.
    expect((await activity(student, 'UTC')).some((d) => d.reviews > 0)).toBe(true);
  });
});
