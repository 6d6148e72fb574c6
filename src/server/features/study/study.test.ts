import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_RESULTS_MAX } from '@shared/constants';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent, sessionBody } from '../../testing/seed-study';

let t: TestApp;
let a: Agent;
let b: Agent;
/** A's data: student 1 with its own deck and a shared deck; student 2 with its own deck. */
let s1: number, s2: number, ownDeck: number, sharedDeck: number, otherStudentDeck: number;
let ownCards: number[], sharedCards: number[], otherStudentCards: number[];
/** B's data. */
let bStudent: number, bDeck: number, bCards: number[];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('a');
  b = await t.user('b');
  s1 = await seedStudent(t.db, a.id, 'Ana');
  s2 = await seedStudent(t.db, a.id, 'Luis');
  ownDeck = await seedDeck(t.db, a.id, { studentId: s1, title: 'Own' });
  sharedDeck = await seedDeck(t.db, a.id, { title: 'Shared' });
  otherStudentDeck = await seedDeck(t.db, a.id, { studentId: s2, title: 'Luis deck' });
  ownCards = await seedCards(t.db, ownDeck, 3);
  sharedCards = await seedCards(t.db, sharedDeck, 2);
  otherStudentCards = await seedCards(t.db, otherStudentDeck, 2);
  bStudent = await seedStudent(t.db, b.id, 'Bea');
  bDeck = await seedDeck(t.db, b.id, { studentId: bStudent });
  bCards = await seedCards(t.db, bDeck, 2);
});
afterAll(() => t.close());

const sessionsOf = (studentId: number) =>
  t.db.kysely.selectFrom('study_sessions').selectAll().where('student_id', '=', studentId).orderBy('id').execute();
const resultsOf = (studentId: number) =>
  t.db.kysely.selectFrom('card_results').selectAll().where('student_id', '=', studentId).orderBy('id').execute();

/** Sends the request and proves that it was refused with `status` and changed nothing. */
async function expectRefused(send: () => Promise<{ status: number; body: { code: string } }>, status: number) {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(status === 404 ? 'not_found' : 'invalid_input');
  expect(await tableCounts(t.db)).toEqual(before);
  return res;
}

describe('POST /api/study-sessions', () => {
  it('stores the session for the student on its own deck and on a shared deck', async () => {
    const before = (await sessionsOf(s1)).length;
    const res = await a.post('/api/study-sessions', sessionBody(s1, ownDeck, { studied: 4, mastered: 3, seconds: 95 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, duplicate: false, saved: 1 });
    const shared = await a.post('/api/study-sessions', sessionBody(s1, sharedDeck, { studied: 2, mastered: 2 }));
    expect(shared.status).toBe(201);
    const rows = await sessionsOf(s1);
    expect(rows).toHaveLength(before + 2);
    expect(rows.at(-2)).toMatchObject({
      deck_id: ownDeck,
      cards_studied: 4,
      cards_mastered: 3,
      cards_not_mastered: 1,
      accuracy_percentage: 75,
      study_duration_seconds: 95,
    });
    expect(rows.at(-1)).toMatchObject({ deck_id: sharedDeck, accuracy_percentage: 100 });
  });

  it('accepts the limits: 0 and 24 h of study, skipped cards, nothing studied at 0 %', async () => {
    for (const body of [
      sessionBody(s1, ownDeck, { studied: 3, mastered: 0, seconds: 0 }),
      sessionBody(s1, ownDeck, { studied: 3, mastered: 3, seconds: 86_400 }),
      sessionBody(s1, ownDeck, { studied: 5, mastered: 2, notMastered: 1 }),
      sessionBody(s1, ownDeck, { studied: 0, mastered: 0 }),
      { ...sessionBody(s1, ownDeck, { studied: 3, mastered: 2 }), accuracy_percentage: 66.7 },
    ]) {
      const res = await a.post('/api/study-sessions', body);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
  });

  it.each([
    [
      'mastered + not mastered > studied',
      { cards_mastered: 3, cards_not_mastered: 2, accuracy_percentage: 75 },
      'cards_studied',
    ],
    ['accuracy disagreeing with the counts', { accuracy_percentage: 50 }, 'accuracy_percentage'],
    ['accuracy above 100', { accuracy_percentage: 101 }, 'accuracy_percentage'],
    ['a negative count', { cards_not_mastered: -1 }, 'cards_not_mastered'],
    ['a fractional count', { cards_studied: 4.5 }, 'cards_studied'],
    ['a count given as text', { cards_mastered: '3' }, 'cards_mastered'],
    ['a duration over 24 h', { study_duration_seconds: 86_401 }, 'study_duration_seconds'],
    ['a negative duration', { study_duration_seconds: -1 }, 'study_duration_seconds'],
    ['a fractional duration', { study_duration_seconds: 1.5 }, 'study_duration_seconds'],
    ['a malformed idempotency key', { idempotency_key: 'bad key!' }, 'idempotency_key'],
    ['no deck', { deck_id: undefined }, 'deck_id'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const body = { ...sessionBody(s1, ownDeck, { studied: 4, mastered: 3 }), ...change };
    const res = await expectRefused(() => a.post('/api/study-sessions', body), 400);
    expect(res.body).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
  });

  it('refuses malformed JSON with 400 and a body that is not JSON with 415', async () => {
    const send = (body: string, type: string) =>
      a.request('POST', '/api/study-sessions', { body, headers: { 'content-type': type } });
    await expectRefused(() => send('{"student_id": ', 'application/json'), 400);
    const before = await tableCounts(t.db);
    expect((await send('nope', 'text/plain')).status).toBe(415);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it.each([
    ["another user's student", () => sessionBody(bStudent, ownDeck, { studied: 1, mastered: 1 })],
    ["another user's deck", () => sessionBody(s1, bDeck, { studied: 1, mastered: 1 })],
    ["another student's deck", () => sessionBody(s1, otherStudentDeck, { studied: 1, mastered: 1 })],
    ['a missing student', () => sessionBody(999_999, ownDeck, { studied: 1, mastered: 1 })],
    ['a missing deck', () => sessionBody(s1, 999_999, { studied: 1, mastered: 1 })],
  ])('answers 404 for %s and stores nothing', async (_name, body) => {
    await expectRefused(() => a.post('/api/study-sessions', body()), 404);
  });

  it("answers B exactly like a missing object when B uses A's student and deck", async () => {
    const foreign = await expectRefused(
      () => b.post('/api/study-sessions', sessionBody(s1, ownDeck, { studied: 1, mastered: 1 })),
      404,
    );
    const missing = await b.post('/api/study-sessions', sessionBody(999_999, 999_998, { studied: 1, mastered: 1 }));
    expect(foreign.body).toEqual(missing.body);
  });

  it('needs a signed-in user', async () => {
    const before = await tableCounts(t.db);
    const res = await t.visitor.post('/api/study-sessions', sessionBody(s1, ownDeck, { studied: 1, mastered: 1 }));
    expect(res.status).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('stores a save sent twice with one idempotency key once, and answers the repeat 200', async () => {
    const before = (await sessionsOf(s2)).length;
    const body = sessionBody(s2, otherStudentDeck, { studied: 2, mastered: 1, key: 'session-key-0001' });
    const first = await a.post('/api/study-sessions', body);
    const again = await a.post('/api/study-sessions', body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, duplicate: true, saved: 0 });
    expect(await sessionsOf(s2)).toHaveLength(before + 1);

    const other = await a.post('/api/study-sessions', { ...body, idempotency_key: 'session-key-0002' });
    expect(other.status).toBe(201);
    expect(await sessionsOf(s2)).toHaveLength(before + 2);
  });

  it('counts concurrent repeats of one key once', async () => {
    const before = (await sessionsOf(s2)).length;
    const body = sessionBody(s2, otherStudentDeck, { studied: 2, mastered: 2, key: 'concurrent-key-01' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => a.post('/api/study-sessions', body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await sessionsOf(s2)).toHaveLength(before + 1);
  });

  it('keeps keys apart per user and per kind of save', async () => {
    const key = 'shared-key-12345';
    const mine = await a.post('/api/study-sessions', sessionBody(s1, ownDeck, { studied: 1, mastered: 1, key }));
    const theirs = await b.post('/api/study-sessions', sessionBody(bStudent, bDeck, { studied: 1, mastered: 1, key }));
    const cards = await a.post('/api/card-performance', {
      student_id: s1,
      card_results: [{ card_id: ownCards[0], is_correct: true }],
      idempotency_key: key,
    });
    expect([mine.status, theirs.status, cards.status]).toEqual([201, 201, 201]);
  });

  it('does not use up a key when the save is refused', async () => {
    const key = 'refused-first-01';
    await expectRefused(
      () => a.post('/api/study-sessions', sessionBody(s1, bDeck, { studied: 1, mastered: 1, key })),
      404,
    );
    const res = await a.post('/api/study-sessions', sessionBody(s1, ownDeck, { studied: 1, mastered: 1, key }));
    expect(res.status).toBe(201);
  });
});

describe('POST /api/card-performance', () => {
  it('stores one row per answer with the card’s deck', async () => {
    const before = (await resultsOf(s2)).length;
    const res = await a.post('/api/card-performance', {
      student_id: s2,
      card_results: [
        { card_id: otherStudentCards[0], is_correct: true },
        { card_id: sharedCards[1], is_correct: false },
        { card_id: otherStudentCards[0], is_correct: false },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, duplicate: false, saved: 3 });
    const rows = (await resultsOf(s2)).slice(before);
    expect(rows.map((r) => [r.card_id, r.deck_id, r.is_correct])).toEqual([
      [otherStudentCards[0], otherStudentDeck, 1],
      [sharedCards[1], sharedDeck, 0],
      [otherStudentCards[0], otherStudentDeck, 0],
    ]);
  });

  it.each([
    ["another user's card", () => ({ student_id: s1, card_results: [{ card_id: bCards[0], is_correct: true }] })],
    [
      "another student's card",
      () => ({ student_id: s1, card_results: [{ card_id: otherStudentCards[0], is_correct: true }] }),
    ],
    ['a missing card', () => ({ student_id: s1, card_results: [{ card_id: 999_999, is_correct: true }] })],
    [
      'one foreign card among good ones',
      () => ({
        student_id: s1,
        card_results: [
          { card_id: ownCards[0], is_correct: true },
          { card_id: bCards[1], is_correct: true },
        ],
      }),
    ],
    [
      "another user's student",
      () => ({ student_id: bStudent, card_results: [{ card_id: ownCards[0], is_correct: true }] }),
    ],
  ])('answers 404 for %s and stores nothing', async (_name, body) => {
    await expectRefused(() => a.post('/api/card-performance', body()), 404);
  });

  it("answers B 404 for A's student and cards", async () => {
    await expectRefused(
      () =>
        b.post('/api/card-performance', { student_id: s1, card_results: [{ card_id: ownCards[0], is_correct: true }] }),
      404,
    );
    await expectRefused(
      () =>
        b.post('/api/card-performance', {
          student_id: bStudent,
          card_results: [{ card_id: ownCards[0], is_correct: true }],
        }),
      404,
    );
  });

  it.each([
    ['no results', () => ({ student_id: s1, card_results: [] })],
    ['a non-boolean answer', () => ({ student_id: s1, card_results: [{ card_id: ownCards[0], is_correct: 1 }] })],
    ['a bad card id', () => ({ student_id: s1, card_results: [{ card_id: -3, is_correct: true }] })],
    ['no student', () => ({ card_results: [{ card_id: ownCards[0], is_correct: true }] })],
  ])('refuses %s with 400', async (_name, body) => {
    await expectRefused(() => a.post('/api/card-performance', body()), 400);
  });

  it('stores a retried save once', async () => {
    const before = (await resultsOf(s1)).length;
    const body = {
      student_id: s1,
      card_results: ownCards.map((id) => ({ card_id: id, is_correct: true })),
      idempotency_key: 'cards-retry-0001',
    };
    const first = await a.post('/api/card-performance', body);
    const again = await a.post('/api/card-performance', body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual({ ok: true, duplicate: true, saved: 0 });
    expect(await resultsOf(s1)).toHaveLength(before + 3);
    const other = await a.post('/api/card-performance', { ...body, idempotency_key: 'cards-retry-0002' });
    expect(other.status).toBe(201);
    expect(await resultsOf(s1)).toHaveLength(before + 6);
  });

  it('leaves the log, totals, memory and activity as the first save left them when it is retried, also all at once', async () => {
    const student = await seedStudent(t.db, a.id, 'Retry');
    const deck = await seedDeck(t.db, a.id, { studentId: student });
    const cards = await seedCards(t.db, deck, 4);
    const body = (key: string) => ({
      student_id: student,
      card_results: [...cards, cards[0]!].map((id, i) => ({ card_id: id, is_correct: i % 2 === 0 })),
      idempotency_key: key,
    });
    expect((await a.post('/api/card-performance', body('retry-all-0001'))).status).toBe(201);
    const stored = await keptOf(student);
    const counts = await tableCounts(t.db);
    expect((await a.post('/api/card-performance', body('retry-all-0001'))).body).toEqual({
      ok: true,
      duplicate: true,
      saved: 0,
    });
    const together = await Promise.all([1, 2, 3].map(() => a.post('/api/card-performance', body('retry-all-0002'))));
    expect(together.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await tableCounts(t.db)).toEqual({
      ...counts,
      card_results: counts.card_results! + 5,
      review_logs: counts.review_logs! + 5,
      idempotency_keys: counts.idempotency_keys! + 1,
    });
    const after = await keptOf(student);
    expect(after.totals).toEqual(
      stored.totals.map((c) => ({ ...c, attempts: c.attempts * 2, correct: c.correct * 2 })),
    );
    expect(after.activity).toEqual({ reviews: 10, correct: 6 });
    expect(after.memory.map((m) => [m.card_id, m.reps])).toEqual(stored.memory.map((m) => [m.card_id, m.reps * 2]));
  });

  it('stores the most answers a save may hold, over more cards than one statement writes', async () => {
    const student = await seedStudent(t.db, a.id, 'Many');
    const deck = await seedDeck(t.db, a.id, { studentId: student });
    const cards = await seedCards(t.db, deck, 250);
    const answers = Array.from({ length: CARD_RESULTS_MAX }, (_, i) => ({
      card_id: cards[i % cards.length]!,
      is_correct: i % 3 !== 0,
    }));
    const res = await a.post('/api/card-performance', {
      student_id: student,
      card_results: answers,
      idempotency_key: 'most-answers-0001',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, duplicate: false, saved: CARD_RESULTS_MAX });
    const rows = await resultsOf(student);
    expect(rows.map((r) => [r.card_id, r.is_correct])).toEqual(answers.map((r) => [r.card_id, r.is_correct ? 1 : 0]));
    const kept = await keptOf(student);
    expect(kept.totals).toHaveLength(cards.length);
    expect(kept.totals.reduce((n, c) => n + c.attempts, 0)).toBe(CARD_RESULTS_MAX);
    expect(kept.totals.reduce((n, c) => n + c.correct, 0)).toBe(answers.filter((r) => r.is_correct).length);
    expect(kept.memory.map((m) => [m.card_id, m.reps])).toEqual(cards.map((id) => [id, 4]));
    expect(kept.activity.reviews).toBe(CARD_RESULTS_MAX);
    const log = await t.db.kysely
      .selectFrom('review_logs')
      .select('card_id')
      .where('student_id', '=', student)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.card_id)).toEqual(answers.map((r) => r.card_id));
  });
});

/** What the saves keep beside the answers: totals per card, memory per card, answers counted. */
async function keptOf(studentId: number) {
  const totals = await t.db.kysely
    .selectFrom('card_totals')
    .select(['card_id', 'attempts', 'correct'])
    .where('student_id', '=', studentId)
    .orderBy('card_id')
    .execute();
  const memory = await t.db.kysely
    .selectFrom('memory_states')
    .select(['card_id', 'reps'])
    .where('student_id', '=', studentId)
    .orderBy('card_id')
    .execute();
  const activity = await t.db.kysely
    .selectFrom('review_activity')
    .select((eb) => [eb.fn.sum<number>('reviews').as('reviews'), eb.fn.sum<number>('correct').as('correct')])
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return {
    totals: totals.map((c) => ({ card_id: c.card_id, attempts: Number(c.attempts), correct: Number(c.correct) })),
    memory: memory.map((m) => ({ card_id: m.card_id, reps: Number(m.reps) })),
    activity: { reviews: Number(activity.reviews), correct: Number(activity.correct) },
  };
}
