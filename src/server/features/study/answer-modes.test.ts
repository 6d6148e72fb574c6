import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

/** Issue 25: each answer says how it was given (mode), stored in the review log and counted per mode. */

let t: TestApp;
let a: Agent;
let b: Agent;
let student: number, cards: number[], bStudent: number, bCards: number[];
const NOW = Date.now();
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('a');
  b = await t.user('b');
  student = await seedStudent(t.db, a.id, 'Ana');
  cards = await seedCards(t.db, await seedDeck(t.db, a.id, { studentId: student }), 6);
  bStudent = await seedStudent(t.db, b.id, 'Bea');
  bCards = await seedCards(t.db, await seedDeck(t.db, b.id, { studentId: bStudent }), 1);
});
afterAll(() => t.close());

const logOf = (studentId: number) =>
  t.db.kysely
    .selectFrom('review_logs')
    .select(['card_id', 'rating', 'mode'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

const modesOf = async (agent: Agent, studentId: number) =>
  (await agent.get(`/api/progress/${studentId}`)).body.memory_statistics.modes as {
    mode: string;
    answers: number;
    correct: number;
    accuracy: number | null;
  }[];

async function expectRefused(body: unknown, status: number, code: string) {
  const before = await tableCounts(t.db);
  const res = await a.post('/api/card-performance', body);
  expect([res.status, res.body.code, typeof res.body.error]).toEqual([status, code, 'string']);
  expect(await tableCounts(t.db)).toEqual(before);
}

describe('mode of an answer', () => {
  it('stores each mode with the grade the mode gives, flip cards when absent', async () => {
    const res = await a.post('/api/card-performance', {
      student_id: student,
      card_results: [
        { card_id: cards[0], is_correct: true, reviewed_at: at(50) },
        { card_id: cards[1], is_correct: true, mode: 'listen', reviewed_at: at(49) },
        { card_id: cards[2], is_correct: false, mode: 'choice', reviewed_at: at(48) },
        { card_id: cards[3], is_correct: true, mode: 'match', reviewed_at: at(47) },
        { card_id: cards[4], is_correct: true, mode: 'spell', reviewed_at: at(46) },
        { card_id: cards[5], is_correct: true, mode: 'spell', rating: 'hard', reviewed_at: at(45) },
      ],
    });
    expect(res.status).toBe(201);
    expect(await logOf(student)).toEqual([
      { card_id: cards[0], rating: 'good', mode: 'flip' },
      { card_id: cards[1], rating: 'hard', mode: 'listen' },
      { card_id: cards[2], rating: 'again', mode: 'choice' },
      { card_id: cards[3], rating: 'hard', mode: 'match' },
      { card_id: cards[4], rating: 'good', mode: 'spell' },
      { card_id: cards[5], rating: 'hard', mode: 'spell' },
    ]);
  });

  it('counts answers and accuracy per mode over the last 30 days, every mode listed', async () => {
    expect(await modesOf(a, student)).toEqual([
      { mode: 'flip', answers: 1, correct: 1, accuracy: 100 },
      { mode: 'listen', answers: 1, correct: 1, accuracy: 100 },
      { mode: 'choice', answers: 1, correct: 0, accuracy: 0 },
      { mode: 'match', answers: 1, correct: 1, accuracy: 100 },
      { mode: 'spell', answers: 2, correct: 2, accuracy: 100 },
    ]);
    // An answer older than 30 days (stored directly: the API refuses reviewed_at that old) is not counted.
    await t.db.kysely
      .insertInto('review_logs')
      .values({
        student_id: student,
        card_id: cards[0]!,
        rating: 'again',
        mode: 'choice',
        reviewed_at: new Date(NOW - 31 * 86_400_000).toISOString(),
        duration_ms: null,
        created_at: new Date(NOW - 31 * 86_400_000).toISOString(),
      })
      .execute();
    await a.post('/api/card-performance', {
      student_id: student,
      card_results: [{ card_id: cards[1], is_correct: false, mode: 'choice', reviewed_at: at(1) }],
    });
    const choice = (await modesOf(a, student)).find((m) => m.mode === 'choice');
    expect(choice).toEqual({ mode: 'choice', answers: 2, correct: 0, accuracy: 0 });
    // Another family's student is not found; its counts are its own.
    expect((await a.get(`/api/progress/${bStudent}`)).status).toBe(404);
    expect((await modesOf(b, bStudent)).every((m) => m.answers === 0 && m.accuracy === null)).toBe(true);
  });

  it('refuses an unknown mode, a rating the mode does not give, and another family card, saving nothing', async () => {
    const one = (r: Record<string, unknown>) => ({ student_id: student, card_results: [{ card_id: cards[0], ...r }] });
    await expectRefused(one({ is_correct: true, mode: 'quiz' }), 400, 'invalid_input');
    await expectRefused(one({ is_correct: true, mode: 'FLIP' }), 400, 'invalid_input');
    await expectRefused(one({ is_correct: true, mode: 3 }), 400, 'invalid_input');
    await expectRefused(one({ is_correct: true, mode: 'listen', rating: 'good' }), 400, 'invalid_input');
    await expectRefused(one({ is_correct: true, mode: 'spell', rating: 'easy' }), 400, 'invalid_input');
    await expectRefused(
      { student_id: student, card_results: [{ card_id: bCards[0], is_correct: true, mode: 'spell' }] },
      404,
      'not_found',
    );
  });

  it('saves a retried play answer once', async () => {
    const body = {
      student_id: student,
      idempotency_key: 'play-retry-0001',
      card_results: [{ card_id: cards[2], is_correct: true, mode: 'match', reviewed_at: at(0) }],
    };
    const before = (await logOf(student)).length;
    expect((await a.post('/api/card-performance', body)).status).toBe(201);
    expect((await a.post('/api/card-performance', body)).body).toMatchObject({ duplicate: true, saved: 0 });
    expect((await logOf(student)).length).toBe(before + 1);
  });
});

describe('reads / does not read yet', () => {
  it('is "reads" for a new student unless set, and changes on update', async () => {
    const plain = await a.post('/api/students', { name: 'Mia' });
    expect([plain.status, plain.body.reads]).toEqual([201, true]);
    const pre = await a.post('/api/students', { name: 'Leo', age: 5, reads: false });
    expect([pre.status, pre.body.reads]).toEqual([201, false]);
    const updated = await a.put(`/api/students/${pre.body.id}`, { name: 'Leo', reads: true });
    expect(updated.body.reads).toBe(true);
    const kept = await a.put(`/api/students/${pre.body.id}`, { name: 'Leonardo' });
    expect(kept.body.reads).toBe(true);
    const bad = await a.put(`/api/students/${pre.body.id}`, { name: 'Leo', reads: 'no' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_input']);
  });
});
