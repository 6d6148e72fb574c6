import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent, sessionBody } from '../../testing/seed-study';

let clock = Date.parse('2025-03-01T10:00:00.000Z');
let t: TestApp;
let a: Agent;
let b: Agent;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  a = await t.user('a');
  b = await t.user('b');
});
afterAll(() => t.close());

/** Saves a session at `iso` (the server stamps created_at from its clock). */
async function studyAt(iso: string, body: ReturnType<typeof sessionBody>) {
  clock = Date.parse(iso);
  const res = await a.post('/api/study-sessions', body);
  expect(res.status).toBe(201);
}

/** Saves answers: `[cardId, correct, wrong]` per card. */
async function answer(studentId: number, tallies: [number, number, number][], agent = a) {
  const card_results = tallies.flatMap(([card_id, correct, wrong]) => [
    ...Array.from({ length: correct }, () => ({ card_id, is_correct: true })),
    ...Array.from({ length: wrong }, () => ({ card_id, is_correct: false })),
  ]);
  const res = await agent.post('/api/card-performance', { student_id: studentId, card_results });
  expect(res.status).toBe(201);
}

/** A student with its own deck and a shared deck, three cards each. */
async function studentWithDecks(userId: number, studentId?: number) {
  const student = studentId ?? (await seedStudent(t.db, userId));
  const deck1 = await seedDeck(t.db, userId, { studentId: student, title: 'One' });
  const deck2 = await seedDeck(t.db, userId, { title: 'Two' });
  const cards1 = await seedCards(t.db, deck1, 3);
  const cards2 = await seedCards(t.db, deck2, 3);
  return { student, deck1, deck2, cards1, cards2 };
}

const count = async (table: 'study_sessions' | 'card_results', studentId: number, deckId?: number) => {
  let q = t.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId);
  if (deckId !== undefined) q = q.where('deck_id', '=', deckId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('GET /api/progress/{studentId}', () => {
  it('is empty, with accuracy null, for a student who never studied', async () => {
    const student = await seedStudent(t.db, a.id);
    const res = await a.get(`/api/progress/${student}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      overall_statistics: { decks_studied: 0, total_sessions: 0, overall_accuracy: null, total_study_time: 0 },
      deck_statistics: [],
      problematic_cards: [],
      memory_statistics: expect.objectContaining({
        cards_learned: 0,
        cards_due_today: 0,
        streak_days: 0,
        average_recall: null,
      }),
    });
  });

  it('sums sessions per deck and overall, most recently studied deck first', async () => {
    const student = await seedStudent(t.db, a.id, 'Ana');
    const colours = await seedDeck(t.db, a.id, {
      studentId: student,
      title: 'Colours',
      subtitle: 'Basics',
      color: '#4ecdc4',
    });
    const animals = await seedDeck(t.db, a.id, { title: 'Animals', color: '#54a0ff' });
    const thirds = await seedDeck(t.db, a.id, { title: 'Thirds' });
    const sibling = await seedStudent(t.db, a.id, 'Luis');

    await studyAt(
      '2025-03-02T09:00:00.000Z',
      sessionBody(student, colours, { studied: 10, mastered: 7, seconds: 120 }),
    );
    await studyAt('2025-03-03T09:00:00.000Z', sessionBody(student, animals, { studied: 4, mastered: 1, seconds: 30 }));
    await studyAt(
      '2025-03-04T09:00:00.000Z',
      sessionBody(student, colours, { studied: 10, mastered: 10, seconds: 60 }),
    );
    await studyAt('2025-03-01T09:00:00.000Z', sessionBody(student, thirds, { studied: 3, mastered: 1, seconds: 5 }));
    // A sibling's session on a shared deck is not this student's progress.
    await studyAt('2025-03-05T09:00:00.000Z', sessionBody(sibling, animals, { studied: 9, mastered: 0, seconds: 999 }));

    const res = await a.get(`/api/progress/${student}`);
    expect(res.status).toBe(200);
    const { overall_statistics: overall, deck_statistics: decks } = res.body;
    expect(overall).toMatchObject({ decks_studied: 3, total_sessions: 4, total_study_time: 215 });
    expect(overall.overall_accuracy).toBeCloseTo((19 / 27) * 100, 9);
    expect(decks.map((d: { deck_id: number }) => d.deck_id)).toEqual([colours, animals, thirds]);
    expect(decks[0]).toEqual({
      deck_id: colours,
      deck_title: 'Colours',
      deck_subtitle: 'Basics',
      deck_color: '#4ecdc4',
      total_study_sessions: 2,
      average_accuracy: 85,
      last_studied: '2025-03-04T09:00:00.000Z',
      total_study_time: 180,
    });
    expect(decks[1]).toEqual({
      deck_id: animals,
      deck_title: 'Animals',
      deck_subtitle: null,
      deck_color: '#54a0ff',
      total_study_sessions: 1,
      average_accuracy: 25,
      last_studied: '2025-03-03T09:00:00.000Z',
      total_study_time: 30,
    });
    expect(decks[2].average_accuracy).toBeCloseTo(100 / 3, 9);

    const siblingProgress = await a.get(`/api/progress/${sibling}`);
    expect(siblingProgress.body.overall_statistics).toEqual({
      decks_studied: 1,
      total_sessions: 1,
      overall_accuracy: 0,
      total_study_time: 999,
    });
  });

  it('gives null accuracy when sessions studied no cards at all', async () => {
    const student = await seedStudent(t.db, a.id);
    const deck = await seedDeck(t.db, a.id, { studentId: student });
    await studyAt('2025-03-06T09:00:00.000Z', sessionBody(student, deck, { studied: 0, mastered: 0, seconds: 3 }));
    const res = await a.get(`/api/progress/${student}`);
    expect(res.body.overall_statistics).toEqual({
      decks_studied: 1,
      total_sessions: 1,
      overall_accuracy: null,
      total_study_time: 3,
    });
    expect(res.body.deck_statistics[0].average_accuracy).toBeNull();
  });

  it('lists cards answered below 80 % correct, worst first, then most attempts', async () => {
    const student = await seedStudent(t.db, a.id);
    const deck = await seedDeck(t.db, a.id, { studentId: student, title: 'Words' });
    const [c1, c2, c3, c4, c5, c6] = (await seedCards(t.db, deck, 6)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await answer(student, [
      [c1, 0, 2], // 0 %, 2 attempts
      [c2, 0, 5], // 0 %, 5 attempts: before c1
      [c3, 1, 1], // 50 %
      [c4, 79, 21], // 79 %: still needs attention
      [c5, 4, 1], // exactly 80 %: fine
      [c6, 5, 0], // 100 %
    ]);
    // Another student's answers on the same cards do not count.
    const sibling = await seedStudent(t.db, a.id);
    const shared = await seedDeck(t.db, a.id, { title: 'Shared' });
    const [sharedCard] = await seedCards(t.db, shared, 1);
    await answer(sibling, [[sharedCard!, 0, 3]]);

    const res = await a.get(`/api/progress/${student}`);
    expect(res.status).toBe(200);
    expect(res.body.problematic_cards).toEqual([
      { id: c2, en: 'en2', es: 'es2', deck_title: 'Words', accuracy_percentage: 0, times_studied: 5 },
      { id: c1, en: 'en1', es: 'es1', deck_title: 'Words', accuracy_percentage: 0, times_studied: 2 },
      { id: c3, en: 'en3', es: 'es3', deck_title: 'Words', accuracy_percentage: 50, times_studied: 2 },
      { id: c4, en: 'en4', es: 'es4', deck_title: 'Words', accuracy_percentage: 79, times_studied: 100 },
    ]);
    // Card answers alone are not sessions.
    expect(res.body.overall_statistics.total_sessions).toBe(0);
  });

  it('lists at most 20 cards, keeping the worst', async () => {
    const student = await seedStudent(t.db, a.id);
    const deck = await seedDeck(t.db, a.id, { studentId: student, title: 'Many' });
    const cards = await seedCards(t.db, deck, 25);
    // Card i: 1 right and i + 2 wrong, so later cards are worse.
    await answer(
      student,
      cards.map((id, i) => [id, 1, i + 2]),
    );
    const res = await a.get(`/api/progress/${student}`);
    const listed = res.body.problematic_cards as { id: number; accuracy_percentage: number; times_studied: number }[];
    expect(listed.map((c) => c.id)).toEqual(cards.slice(5).reverse());
    expect(listed[0]).toMatchObject({ times_studied: 27 });
    expect(listed[0]!.accuracy_percentage).toBeCloseTo(100 / 27, 9);
  });

  it("answers 404 for another user's student and for a missing one, 400 for a bad id", async () => {
    const { student, deck1 } = await studentWithDecks(a.id);
    await studyAt('2025-03-07T09:00:00.000Z', sessionBody(student, deck1, { studied: 1, mastered: 1 }));
    const foreign = await b.get(`/api/progress/${student}`);
    const missing = await b.get('/api/progress/999999');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await b.get('/api/progress/abc')).status).toBe(400);
    expect((await t.visitor.get(`/api/progress/${student}`)).status).toBe(401);
  });
});

describe('DELETE /api/students/{id}/nuke-progress', () => {
  it("removes exactly that student's sessions and card results", async () => {
    const p = await studentWithDecks(a.id);
    const sibling = await seedStudent(t.db, a.id);
    await studyAt('2025-03-08T09:00:00.000Z', sessionBody(p.student, p.deck1, { studied: 3, mastered: 2 }));
    await studyAt('2025-03-08T10:00:00.000Z', sessionBody(p.student, p.deck2, { studied: 3, mastered: 1 }));
    await studyAt('2025-03-08T11:00:00.000Z', sessionBody(sibling, p.deck2, { studied: 3, mastered: 1 }));
    await answer(p.student, [
      [p.cards1[0]!, 0, 1],
      [p.cards2[0]!, 1, 1],
    ]);
    await answer(sibling, [[p.cards2[0]!, 1, 1]]);

    const res = await a.del(`/api/students/${p.student}/nuke-progress`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect([await count('study_sessions', p.student), await count('card_results', p.student)]).toEqual([0, 0]);
    expect([await count('study_sessions', sibling), await count('card_results', sibling)]).toEqual([1, 2]);
    const progress = await a.get(`/api/progress/${p.student}`);
    expect(progress.body.overall_statistics.total_sessions).toBe(0);
    expect(progress.body.problematic_cards).toEqual([]);
  });

  it("answers 404 for another user's student and changes nothing", async () => {
    const p = await studentWithDecks(a.id);
    await studyAt('2025-03-09T09:00:00.000Z', sessionBody(p.student, p.deck1, { studied: 3, mastered: 2 }));
    const before = await tableCounts(t.db);
    const res = await b.del(`/api/students/${p.student}/nuke-progress`);
    expect(res.status).toBe(404);
    expect((await b.del('/api/students/999999/nuke-progress')).body).toEqual(res.body);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('DELETE /api/students/{id}/decks/{deckId}/remove-progress', () => {
  it("removes exactly that student's progress on that deck", async () => {
    const p = await studentWithDecks(a.id);
    const sibling = await seedStudent(t.db, a.id);
    await studyAt('2025-03-10T09:00:00.000Z', sessionBody(p.student, p.deck1, { studied: 3, mastered: 2 }));
    await studyAt('2025-03-10T10:00:00.000Z', sessionBody(p.student, p.deck2, { studied: 3, mastered: 1 }));
    await studyAt('2025-03-10T11:00:00.000Z', sessionBody(p.student, p.deck2, { studied: 3, mastered: 3 }));
    await studyAt('2025-03-10T12:00:00.000Z', sessionBody(sibling, p.deck2, { studied: 3, mastered: 0 }));
    await answer(p.student, [
      [p.cards1[0]!, 0, 1],
      [p.cards2[0]!, 0, 2],
    ]);
    await answer(sibling, [[p.cards2[1]!, 0, 1]]);

    const res = await a.del(`/api/students/${p.student}/decks/${p.deck2}/remove-progress`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect([
      await count('study_sessions', p.student, p.deck2),
      await count('card_results', p.student, p.deck2),
    ]).toEqual([0, 0]);
    expect([
      await count('study_sessions', p.student, p.deck1),
      await count('card_results', p.student, p.deck1),
    ]).toEqual([1, 1]);
    expect([await count('study_sessions', sibling), await count('card_results', sibling)]).toEqual([1, 1]);
    const progress = await a.get(`/api/progress/${p.student}`);
    expect(progress.body.deck_statistics.map((d: { deck_id: number }) => d.deck_id)).toEqual([p.deck1]);
    expect(progress.body.problematic_cards.map((c: { id: number }) => c.id)).toEqual([p.cards1[0]]);
  });

  it('answers 404 for a foreign student or deck, or another student’s deck, and changes nothing', async () => {
    const p = await studentWithDecks(a.id);
    const sibling = await seedStudent(t.db, a.id);
    await studyAt('2025-03-11T09:00:00.000Z', sessionBody(p.student, p.deck1, { studied: 3, mastered: 2 }));
    const q = await studentWithDecks(b.id);
    const before = await tableCounts(t.db);
    for (const [agent, student, deck] of [
      [b, p.student, p.deck1],
      [b, q.student, p.deck1],
      [a, p.student, q.deck1],
      [a, sibling, p.deck1],
      [a, p.student, 999_999],
    ] as const) {
      const res = await agent.del(`/api/students/${student}/decks/${deck}/remove-progress`);
      expect(res.status, `${student}/${deck}`).toBe(404);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
