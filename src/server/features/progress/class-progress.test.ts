import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRating } from '@shared/constants';
import { inTransaction } from '../../db/transaction';
import { createTestApp, type Adult, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent, sessionBody } from '../../testing/seed-study';
import { recordReviews } from '../memory';
import type { FamilyId } from '../../context';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2025-03-10T12:00:00.000Z');
let clock = NOW;

let t: TestApp;
let parent: Adult;
let stranger: Adult;
let ana: number;
let ben: number;

const answer = (familyId: FamilyId, studentId: number, when: number, results: [number, ReviewRating][]) =>
  inTransaction(t.db, (trx) =>
    recordReviews(trx, {
      familyId,
      studentId,
      results: results.map(([card_id, rating]) => ({ card_id, rating })),
      now: new Date(when),
    }),
  );
const setMemory = (studentId: number, cardId: number, state: string, due: number) =>
  t.db.kysely
    .updateTable('memory_states')
    .set({ state, due: new Date(due).toISOString() })
    .where('student_id', '=', studentId)
    .where('card_id', '=', cardId)
    .execute();

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  parent = await t.user('teacher');
  stranger = await t.user('stranger');
  ana = await seedStudent(t.db, parent.id, 'Ana');
  ben = await seedStudent(t.db, parent.id, 'Ben');
  const shared = await seedDeck(t.db, parent.id);
  const [c1, c2, c3, c4] = await seedCards(t.db, shared, 4);
  const archived = await seedDeck(t.db, parent.id, { studentId: ana });
  const [old] = await seedCards(t.db, archived, 1);

  // Ana: 2 answers 20 days ago (1 forgotten), 3 two days ago, 1 forty days ago (outside every window).
  await answer(parent.familyId, ana, NOW - 40 * DAY, [
    [c4!, 'again'],
    [old!, 'good'],
  ]);
  await answer(parent.familyId, ana, NOW - 20 * DAY, [
    [c1!, 'again'],
    [c2!, 'good'],
  ]);
  await answer(parent.familyId, ana, NOW - 2 * DAY, [
    [c1!, 'good'],
    [c2!, 'good'],
    [c3!, 'easy'],
  ]);
  // Known memories: due today (in review later today, in learning now, overdue), learnt but not due.
  await setMemory(ana, c1!, 'review', NOW + HOUR);
  await setMemory(ana, c2!, 'review', NOW + 3 * DAY);
  await setMemory(ana, c3!, 'learning', NOW - 60_000);
  await setMemory(ana, c4!, 'review', NOW - DAY);
  // A card of a deck archived afterwards counts for neither.
  await setMemory(ana, old!, 'review', NOW - DAY);
  await t.db.kysely.updateTable('decks').set({ is_archived: 1 }).where('id', '=', archived).execute();

  // Ben saved one study session yesterday and answered nothing in review.
  const bensDeck = await seedDeck(t.db, parent.id, { studentId: ben });
  await seedCards(t.db, bensDeck, 2);
  clock = NOW - DAY;
  expect(
    (await parent.post('/api/study-sessions', sessionBody(ben, bensDeck, { studied: 2, mastered: 1 }))).status,
  ).toBe(201);
  clock = NOW;

  const zed = await seedStudent(t.db, stranger.id, 'Zed');
  const theirDeck = await seedDeck(t.db, stranger.id);
  const [z1] = await seedCards(t.db, theirDeck, 1);
  await answer(stranger.familyId, zed, NOW - HOUR, [[z1!, 'good']]);
});
afterAll(() => t.close());

describe('GET /api/progress/students', () => {
  it("lists every student of the family with the day's figures", async () => {
    const res = await parent.get('/api/progress/students?tz=UTC');
    expect(res.status).toBe(200);
    expect(res.body.students).toEqual([
      {
        id: ana,
        name: 'Ana',
        due_today: 3,
        reviews_7_days: 3,
        accuracy_30_days: 80,
        cards_learned: 3,
        last_studied: new Date(NOW - 2 * DAY).toISOString(),
      },
      {
        id: ben,
        name: 'Ben',
        due_today: 0,
        reviews_7_days: 0,
        accuracy_30_days: null,
        cards_learned: 0,
        last_studied: new Date(NOW - DAY).toISOString(),
      },
    ]);
  });

  it("reads today in the caller's time zone", async () => {
    // 12:00 UTC is 01:00 on 11 March in Auckland: Ana's card due at 13:00 UTC is still due that day,
    // and the window of 7 local days still holds the answers of two days ago.
    const res = await parent.get('/api/progress/students?tz=Pacific%2FAuckland');
    expect(res.status).toBe(200);
    expect(res.body.students[0]).toMatchObject({ id: ana, due_today: 3, reviews_7_days: 3 });
  });

  it("never shows another family's students", async () => {
    const mine = await parent.get('/api/progress/students');
    expect(mine.body.students.map((s: { name: string }) => s.name)).toEqual(['Ana', 'Ben']);
    const theirs = await stranger.get('/api/progress/students');
    expect(theirs.body.students).toEqual([expect.objectContaining({ name: 'Zed', reviews_7_days: 1 })]);
  });

  it('answers an empty list to a family without students', async () => {
    const fresh = await t.user('newcomer');
    expect((await fresh.get('/api/progress/students')).body).toEqual({ students: [] });
  });

  it('refuses an unknown time zone with 400 and a visitor with 401', async () => {
    const res = await parent.get('/api/progress/students?tz=Mars%2FOlympus');
    expect(res.status).toBe(400);
    expect(res.body.code).toBeTruthy();
    expect((await t.request('GET', '/api/progress/students')).status).toBe(401);
  });
});
