import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_DAYS,
  DEFAULT_GRADING_MODE,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_RETENTION,
  DEFAULT_REVIEWS_PER_DAY,
  FORECAST_DAYS,
} from '@shared/constants';
import { schedulerFor } from '@shared/srs';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { memoryRowColumns } from './memory-sql';

// Spaced repetition through the HTTP API, with the app's clock under the test's control.

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2025-01-15T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let a: Agent;
let b: Agent;
let clock = T0;
/** B's student, deck and card: what A must never reach. */
let bStudent: number, bDeck: number, bCard: number;

beforeAll(async () => {
  // Sessions outlive the months the clock is moved forward.
  t = await createTestApp({ now: () => new Date(clock), env: { SESSION_IDLE_DAYS: '300', SESSION_MAX_DAYS: '300' } });
  a = await t.user('a');
  b = await t.user('b');
  bStudent = await seedStudent(t.db, b.id, 'Bea');
  bDeck = await seedDeck(t.db, b.id, { studentId: bStudent });
  [bCard] = (await seedCards(t.db, bDeck, 1)) as [number];
});
afterAll(() => t.close());

/** A student of A with one deck of `cards` cards, and learning settings set through the API. */
async function family(cards: number, settings: Record<string, unknown> = {}) {
  const studentId = await seedStudent(t.db, a.id);
  if (Object.keys(settings).length > 0) {
    const res = await a.put(`/api/students/${studentId}`, { name: 'Student', ...settings });
    expect(res.status, res.text).toBe(200);
  }
  const deckId = await seedDeck(t.db, a.id, { studentId, title: 'First' });
  return { studentId, deckId, cards: await seedCards(t.db, deckId, cards) };
}

type Answer = { card_id: number; is_correct?: boolean; rating?: string; reviewed_at?: string; duration_ms?: number };
const save = (studentId: number, answers: Answer[], extra: Record<string, unknown> = {}) =>
  a.post('/api/card-performance', {
    student_id: studentId,
    card_results: answers.map((r) => ({ is_correct: r.rating === undefined || r.rating !== 'again', ...r })),
    ...extra,
  });
const review = async (studentId: number, query = '') => {
  const res = await a.get(`/api/students/${studentId}/review${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as {
    cards: { id: number; deck_id: number; deck_title: string; memory: { state: string; due: string | null } }[];
    counts: { due: number; new: number; learning: number };
    next_due_at: string | null;
  };
};
const ids = (q: { cards: { id: number }[] }) => q.cards.map((c) => c.id);
const memoryOf = (studentId: number, cardId: number) =>
  t.db.kysely
    .selectFrom('memory_states')
    .select(memoryRowColumns)
    .where('student_id', '=', studentId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();

/** Sends the request and proves it was refused with `status` and changed no table. */
async function refused(
  send: () => Promise<{ status: number; body: { code: string; fields?: { field: string }[] } }>,
  status: number,
) {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(status === 404 ? 'not_found' : 'invalid_input');
  expect(await tableCounts(t.db)).toEqual(before);
  return res.body;
}

describe('POST /api/card-performance with spaced repetition', () => {
  it('takes a new card through learning into review; good is not due again today and comes back after its interval', async () => {
    clock = T0;
    const { studentId, cards } = await family(1);
    const [card] = cards as [number];
    expect(await review(studentId)).toMatchObject({
      cards: [{ id: card, deck_title: 'First', memory: { state: 'new', due: null } }],
      counts: { due: 0, new: 1, learning: 0 },
      next_due_at: null,
    });

    // Mastered, with no rating: good, the first learning step of 10 minutes.
    expect((await save(studentId, [{ card_id: card, is_correct: true }])).status).toBe(201);
    expect(await review(studentId)).toMatchObject({
      cards: [],
      counts: { due: 0, new: 0, learning: 0 },
      next_due_at: iso(T0 + 10 * MINUTE),
    });

    clock = T0 + 10 * MINUTE;
    const q = await review(studentId);
    expect(q.counts).toEqual({ due: 0, new: 0, learning: 1 });
    expect(q.cards).toMatchObject([{ id: card, memory: { state: 'learning', due: iso(T0 + 10 * MINUTE) } }]);

    expect((await save(studentId, [{ card_id: card, is_correct: true }])).status).toBe(201);
    const graduated = (await memoryOf(studentId, card))!;
    expect(graduated.state).toBe('review');
    const due = Date.parse(graduated.due);
    expect(due - clock).toBeGreaterThanOrEqual(DAY);
    // Not due again today; back on the (UTC) day of its due time.
    const later = await review(studentId);
    expect(later).toMatchObject({ cards: [], counts: { due: 0, new: 0, learning: 0 } });
    expect(later.next_due_at).toBe(iso(Date.parse(iso(due).slice(0, 10))));

    clock = due - MINUTE;
    expect(await review(studentId)).toMatchObject({
      cards: [{ id: card, memory: { state: 'review', due: graduated.due } }],
      counts: { due: 1, new: 0, learning: 0 },
    });
  });

  it('brings a card answered "again" back within minutes', async () => {
    clock = T0;
    const { studentId, cards } = await family(2);
    expect((await save(studentId, [{ card_id: cards[0]!, is_correct: false }])).status).toBe(201);
    expect(ids(await review(studentId))).toEqual([cards[1]]);
    clock = T0 + MINUTE;
    const q = await review(studentId);
    expect(ids(q)).toEqual([cards[0], cards[1]]);
    expect(q.cards[0]!.memory.state).toBe('learning');
    expect(q.counts).toEqual({ due: 0, new: 1, learning: 1 });
  });

  it('takes a detailed rating, reviewed_at and duration, and keeps each answer in the log', async () => {
    clock = T0;
    const { studentId, cards } = await family(1);
    const [card] = cards as [number];
    const res = await save(studentId, [
      { card_id: card, rating: 'easy', reviewed_at: iso(T0 - 2 * MINUTE), duration_ms: 4200 },
    ]);
    expect(res.status).toBe(201);
    const logs = await t.db.kysely.selectFrom('review_logs').selectAll().where('student_id', '=', studentId).execute();
    expect(logs).toEqual([
      expect.objectContaining({
        card_id: card,
        rating: 'easy',
        reviewed_at: iso(T0 - 2 * MINUTE),
        duration_ms: 4200,
        created_at: iso(T0),
      }),
    ]);
    // Easy skips the learning steps.
    expect((await memoryOf(studentId, card))!.state).toBe('review');
  });

  it('applies late answers in reviewed_at order, as a replay of the whole log', async () => {
    clock = T0 + 2 * DAY;
    const { studentId, cards } = await family(1);
    const [card] = cards as [number];
    const log = [
      { rating: 'good' as const, reviewed_at: iso(T0) },
      { rating: 'good' as const, reviewed_at: iso(T0 + 10 * MINUTE) },
      { rating: 'again' as const, reviewed_at: iso(T0 + DAY) },
      { rating: 'hard' as const, reviewed_at: iso(T0 + DAY + 10 * MINUTE) },
    ];
    // The device that was offline sends its two answers after the later ones.
    await save(
      studentId,
      [log[2]!, log[3]!].map((r) => ({ card_id: card, ...r })),
    );
    await save(
      studentId,
      [log[1]!, log[0]!].map((r) => ({ card_id: card, ...r })),
    );
    const expected = schedulerFor({ desired_retention: DEFAULT_RETENTION }).replay(card, log)!;
    const stored = (await memoryOf(studentId, card))!;
    expect({ ...stored, stability: Number(stored.stability), difficulty: Number(stored.difficulty) }).toEqual({
      student_id: studentId,
      card_id: card,
      deck_id: stored.deck_id,
      ...expected,
    });
  });

  it('stores a retried save once (same idempotency key)', async () => {
    clock = T0;
    const { studentId, cards } = await family(1);
    const body = [{ card_id: cards[0]!, is_correct: true }];
    expect((await save(studentId, body, { idempotency_key: 'memory-retry-1' })).status).toBe(201);
    const before = await tableCounts(t.db);
    const again = await save(studentId, body, { idempotency_key: 'memory-retry-1' });
    expect([again.status, again.body.duplicate]).toEqual([200, true]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a bad rating or reviewed_at with 400, storing nothing', async () => {
    clock = T0;
    const { studentId, cards } = await family(2);
    const [card, other] = cards as [number, number];
    const bad: [Answer, string][] = [
      [{ card_id: card, is_correct: true, rating: 'meh' }, 'card_results.0.rating'],
      [{ card_id: card, is_correct: true, rating: 'again' }, 'card_results.0.rating'],
      [{ card_id: card, is_correct: false, rating: 'good' }, 'card_results.0.rating'],
      [{ card_id: card, is_correct: true, reviewed_at: 'yesterday' }, 'card_results.0.reviewed_at'],
      [{ card_id: card, is_correct: true, reviewed_at: iso(T0 + 5 * MINUTE + 1000) }, 'card_results.0.reviewed_at'],
      [{ card_id: card, is_correct: true, reviewed_at: iso(T0 - 31 * DAY) }, 'card_results.0.reviewed_at'],
      [{ card_id: card, is_correct: true, duration_ms: -1 }, 'card_results.0.duration_ms'],
    ];
    for (const [answer, field] of bad) {
      // With a good answer first: one bad answer refuses the whole save.
      const body = await refused(() => save(studentId, [{ card_id: other, is_correct: true }, answer].reverse()), 400);
      expect(body.fields?.map((f) => f.field)).toContain(field);
    }
    // At the edges: 5 minutes ahead and 30 days back are taken.
    const edge = await save(studentId, [
      { card_id: card, is_correct: true, reviewed_at: iso(T0 + 5 * MINUTE) },
      { card_id: other, is_correct: false, reviewed_at: iso(T0 - 30 * DAY) },
    ]);
    expect(edge.status).toBe(201);
  });

  it("answers another family's card or student as missing, storing nothing", async () => {
    clock = T0;
    const { studentId, cards } = await family(1);
    await refused(() => save(studentId, [{ card_id: cards[0]! }, { card_id: bCard, rating: 'easy' }]), 404);
    await refused(() => save(bStudent, [{ card_id: bCard, rating: 'good' }]), 404);
  });
});

describe('GET /api/students/{id}/review', () => {
  it('introduces at most new_per_day new cards a day, counted per local day', async () => {
    clock = T0;
    const { studentId, cards } = await family(5, { new_per_day: 2 });
    const q = await review(studentId);
    expect([ids(q), q.counts]).toEqual([cards.slice(0, 2), { due: 0, new: 2, learning: 0 }]);
    await save(studentId, [{ card_id: cards[0]!, rating: 'easy' }]);
    expect((await review(studentId)).counts.new).toBe(1);
    await save(studentId, [{ card_id: cards[1]!, rating: 'easy' }]);
    const done = await review(studentId);
    expect(done).toMatchObject({ cards: [], counts: { due: 0, new: 0, learning: 0 } });
    // More new cards wait for tomorrow.
    expect(done.next_due_at).toBe('2025-01-16T00:00:00.000Z');
    clock = Date.parse('2025-01-16T00:00:00.000Z');
    expect(ids(await review(studentId))).toEqual(cards.slice(2, 4));
  });

  it('reviews at most max_reviews_per_day known cards a day', async () => {
    clock = T0;
    const { studentId, cards } = await family(12, { max_reviews_per_day: 10, new_per_day: 100 });
    await save(
      studentId,
      cards.map((card_id) => ({ card_id, rating: 'easy' })),
    );
    clock = T0 + 60 * DAY;
    const q = await review(studentId);
    expect(q.counts).toEqual({ due: 10, new: 0, learning: 0 });
    expect(q.cards).toHaveLength(10);
    await save(
      studentId,
      ids(q).map((card_id) => ({ card_id, rating: 'good' })),
    );
    const after = await review(studentId);
    expect(after).toMatchObject({ cards: [], counts: { due: 0, new: 0, learning: 0 } });
    expect(after.next_due_at).toBe(iso(Date.parse(iso(clock).slice(0, 10)) + DAY));
  });

  it('counts an answer given at 23:30 in Madrid for that day in Madrid', async () => {
    const lateEvening = Date.parse('2025-01-15T22:30:00.000Z'); // 23:30 in Madrid (UTC+1)
    clock = lateEvening;
    const { studentId, cards } = await family(3, { new_per_day: 1 });
    const madrid = '?tz=Europe%2FMadrid';
    expect((await review(studentId, madrid)).counts.new).toBe(1);
    expect((await save(studentId, [{ card_id: cards[0]!, rating: 'easy' }])).status).toBe(201);
    clock = Date.parse('2025-01-15T22:50:00.000Z');
    expect(await review(studentId, madrid)).toMatchObject({
      counts: { new: 0 },
      next_due_at: '2025-01-15T23:00:00.000Z', // midnight in Madrid
    });
    clock = Date.parse('2025-01-15T23:10:00.000Z'); // 00:10 on the 16th in Madrid, still the 15th in UTC
    expect((await review(studentId, madrid)).counts.new).toBe(1);
    expect((await review(studentId, '?tz=UTC')).counts.new).toBe(0);

    const progress = await a.get(`/api/progress/${studentId}?tz=Europe%2FMadrid`);
    const days = progress.body.memory_statistics.activity as { date: string; reviews: number }[];
    expect(days.at(-1)).toEqual({ date: '2025-01-16', reviews: 0, correct: 0 });
    expect(days.at(-2)).toEqual({ date: '2025-01-15', reviews: 1, correct: 1 });
    const tokyo = await a.get(`/api/progress/${studentId}?tz=Asia%2FTokyo`);
    expect(tokyo.body.memory_statistics.activity.at(-1)).toEqual({ date: '2025-01-16', reviews: 1, correct: 1 });
  });

  it('reviews one deck with deck_id, and leaves archived decks out of the review of all decks', async () => {
    clock = T0;
    const { studentId, deckId, cards } = await family(1);
    const second = await seedDeck(t.db, a.id, { studentId, title: 'Second' });
    const secondCards = await seedCards(t.db, second, 1);
    expect(ids(await review(studentId))).toEqual([...cards, ...secondCards]);
    expect(await review(studentId, `?deck_id=${second}`)).toMatchObject({
      cards: [{ id: secondCards[0], deck_id: second, deck_title: 'Second' }],
    });
    expect((await a.patch(`/api/decks/${deckId}/archive`)).status).toBe(200);
    expect(ids(await review(studentId))).toEqual(secondCards);
  });

  it('refuses a bad time zone or deck_id with 400', async () => {
    const { studentId } = await family(1);
    for (const query of ['?tz=Mars%2FOlympus', '?tz=%2B01%3A00', '?tz=', '?deck_id=0', '?deck_id=x', '?deck_id=1.5']) {
      await refused(() => a.get(`/api/students/${studentId}/review${query}`), 400);
    }
  });

  it("answers another family's student or deck as missing", async () => {
    const { studentId } = await family(1);
    await refused(() => a.get(`/api/students/${bStudent}/review`), 404);
    await refused(() => a.get(`/api/students/${studentId}/review?deck_id=${bDeck}`), 404);
    await refused(() => a.get('/api/students/999999/review'), 404);
    expect((await b.get(`/api/students/${studentId}/review`)).status).toBe(404);
  });

  it('answers a foreign or missing student with a foreign or missing deck always as the missing student', async () => {
    // Both checks are refusals; the student is checked first, so the answer never depends on which query ends first.
    const { deckId } = await family(1);
    for (const [student, deck] of [
      [bStudent, bDeck],
      [bStudent, 999999],
      [999999, bDeck],
      [999999, deckId],
      [bStudent, deckId],
    ] as const) {
      for (let i = 0; i < 8; i++) {
        const res = await a.get(`/api/students/${student}/review?deck_id=${deck}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Student not found', code: 'not_found' });
      }
    }
  });

  it('is documented in /api/openapi.json', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const get = doc.paths['/api/students/{id}/review'].get;
    expect(get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['deck_id', 'id', 'tz']);
    const body = get.responses['200'].content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['cards', 'counts', 'next_due_at', 'parameters']);
    const item = doc.paths['/api/decks'].get.responses['200'].content['application/json'].schema.items;
    expect(item.properties).toHaveProperty('due_count');
    expect(item.properties).toHaveProperty('new_count');
    const progress = doc.paths['/api/progress/{studentId}'].get;
    expect(progress.parameters.map((p: { name: string }) => p.name)).toContain('tz');
    expect(progress.responses['200'].content['application/json'].schema.properties).toHaveProperty('memory_statistics');
    const result =
      doc.paths['/api/card-performance'].post.requestBody.content['application/json'].schema.properties.card_results
        .items.properties;
    expect(Object.keys(result).sort()).toEqual([
      'card_id',
      'duration_ms',
      'is_correct',
      'mode',
      'rating',
      'reviewed_at',
    ]);
    const student = doc.paths['/api/students/{id}'].put.requestBody.content['application/json'].schema.properties;
    expect(student).toHaveProperty('desired_retention');
    expect(student).toHaveProperty('grading');
  });
});

describe('GET /api/decks?student_id=', () => {
  it("gives each of the student's decks its due and new cards, counted in the local day", async () => {
    clock = T0;
    const { studentId, deckId, cards } = await family(3);
    const second = await seedDeck(t.db, a.id, { studentId, title: 'Second' });
    await seedCards(t.db, second, 2);
    await save(studentId, [
      { card_id: cards[0]!, rating: 'again' },
      { card_id: cards[1]!, rating: 'easy' },
    ]);
    clock = T0 + 2 * MINUTE;
    const list = await a.get(`/api/decks?student_id=${studentId}&tz=Europe%2FMadrid`);
    expect(list.status).toBe(200);
    const counts = Object.fromEntries(
      list.body.map((d: { id: number; due_count: number; new_count: number }) => [d.id, [d.due_count, d.new_count]]),
    );
    expect(counts).toEqual({ [deckId]: [1, 1], [second]: [0, 2] });
    // Without a student, no counts.
    const all = await a.get('/api/decks');
    expect(all.body[0]).not.toHaveProperty('due_count');
    await refused(() => a.get(`/api/decks?student_id=${studentId}&tz=Nowhere%2FLand`), 400);
    await refused(() => a.get(`/api/decks?student_id=${bStudent}`), 404);
  });
});

describe('GET /api/progress/{studentId}', () => {
  it('adds memory_statistics in the local day', async () => {
    clock = T0;
    const { studentId, cards } = await family(2);
    await save(studentId, [
      { card_id: cards[0]!, rating: 'easy' },
      { card_id: cards[1]!, rating: 'again' },
    ]);
    const res = await a.get(`/api/progress/${studentId}?tz=America%2FNew_York`);
    expect(res.status).toBe(200);
    const m = res.body.memory_statistics;
    expect(m).toMatchObject({ cards_learned: 1, streak_days: 0 });
    expect(m.average_recall).toBeGreaterThan(0);
    expect(m.forecast).toHaveLength(FORECAST_DAYS);
    expect(m.forecast[0].date).toBe('2025-01-15');
    expect(m.activity).toHaveLength(ACTIVITY_DAYS);
    expect(m.activity.at(-1)).toEqual({ date: '2025-01-15', reviews: 2, correct: 1 });
    await refused(() => a.get(`/api/progress/${studentId}?tz=Nowhere`), 400);
    await refused(() => a.get(`/api/progress/${bStudent}`), 404);
  });
});

describe('GET /api/progress/{studentId} across a change of daylight saving time', () => {
  it('puts each answer on its local day, on the short day too', async () => {
    clock = Date.parse('2025-04-01T10:00:00.000Z');
    const { studentId, cards } = await family(3);
    // Madrid moves from UTC+1 to UTC+2 on 30 March 2025, a day of 23 hours.
    await save(studentId, [
      { card_id: cards[0]!, reviewed_at: '2025-03-29T22:59:00.000Z' }, // 23:59 on the 29th
      { card_id: cards[1]!, reviewed_at: '2025-03-29T23:00:00.000Z' }, // 00:00 on the 30th
      { card_id: cards[2]!, reviewed_at: '2025-03-30T22:00:00.000Z', rating: 'again' }, // 00:00 on the 31st
    ]);
    const res = await a.get(`/api/progress/${studentId}?tz=Europe%2FMadrid`);
    const days = new Map(
      (res.body.memory_statistics.activity as { date: string; reviews: number; correct: number }[]).map((d) => [
        d.date,
        [d.reviews, d.correct],
      ]),
    );
    expect([days.get('2025-03-29'), days.get('2025-03-30'), days.get('2025-03-31')]).toEqual([
      [1, 1],
      [1, 1],
      [1, 0],
    ]);
  });
});

describe('learning settings on /api/students', () => {
  it('returns the defaults, takes each setting on POST and PUT, and keeps the ones left out', async () => {
    const created = await a.post('/api/students', { name: 'Lea' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      desired_retention: DEFAULT_RETENTION,
      new_per_day: DEFAULT_NEW_PER_DAY,
      max_reviews_per_day: DEFAULT_REVIEWS_PER_DAY,
      grading: DEFAULT_GRADING_MODE,
    });
    const custom = await a.post('/api/students', { name: 'Max', desired_retention: 0.85, grading: 'detailed' });
    expect(custom.body).toMatchObject({ desired_retention: 0.85, grading: 'detailed', new_per_day: 10 });

    const id = created.body.id as number;
    const put = await a.put(`/api/students/${id}`, { name: 'Lea', new_per_day: 0, max_reviews_per_day: 500 });
    expect(put.body).toMatchObject({ desired_retention: 0.9, new_per_day: 0, max_reviews_per_day: 500 });
    const edges = await a.put(`/api/students/${id}`, { name: 'Lea', desired_retention: 0.97, max_reviews_per_day: 10 });
    expect(edges.body).toMatchObject({ desired_retention: 0.97, new_per_day: 0, max_reviews_per_day: 10 });
    const listed = (await a.get('/api/students')).body.find((s: { id: number }) => s.id === id);
    expect(listed).toMatchObject({
      desired_retention: 0.97,
      new_per_day: 0,
      max_reviews_per_day: 10,
      grading: 'simple',
    });
  });

  it('refuses settings out of range with 400 naming the field', async () => {
    const id = (await a.post('/api/students', { name: 'Rex' })).body.id as number;
    const bad: [string, unknown][] = [
      ['desired_retention', 0.79],
      ['desired_retention', 0.98],
      ['desired_retention', '0.9'],
      ['new_per_day', -1],
      ['new_per_day', 101],
      ['new_per_day', 2.5],
      ['max_reviews_per_day', 9],
      ['max_reviews_per_day', 501],
      ['grading', 'expert'],
      ['grading', null],
    ];
    for (const [field, value] of bad) {
      const body = await refused(() => a.put(`/api/students/${id}`, { name: 'Rex', [field]: value }), 400);
      expect(body.fields?.map((f) => f.field)).toEqual([field]);
      await refused(() => a.post('/api/students', { name: 'New', [field]: value }), 400);
    }
    expect((await a.get('/api/students')).body.find((s: { id: number }) => s.id === id)).toMatchObject({
      desired_retention: DEFAULT_RETENTION,
      new_per_day: DEFAULT_NEW_PER_DAY,
    });
  });

  it("refuses to change another family's student", async () => {
    await refused(() => a.put(`/api/students/${bStudent}`, { name: 'Mine', new_per_day: 50 }), 404);
  });
});

describe('removing progress and exporting', () => {
  const rowsOf = async (studentId: number) => {
    const count = async (table: 'review_logs' | 'memory_states' | 'new_card_cursors' | 'review_activity') =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('student_id', '=', studentId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [
      await count('review_logs'),
      await count('memory_states'),
      await count('new_card_cursors'),
      await count('review_activity'),
    ];
  };

  it("remove-progress forgets the deck's reviews, nuke-progress all of them", async () => {
    clock = T0;
    const { studentId, deckId, cards } = await family(1);
    const second = await seedDeck(t.db, a.id, { studentId });
    const [other] = (await seedCards(t.db, second, 1)) as [number];
    await save(studentId, [{ card_id: cards[0]! }, { card_id: other }]);
    expect(await rowsOf(studentId)).toEqual([2, 2, 2, 2]);
    expect((await a.del(`/api/students/${studentId}/decks/${deckId}/remove-progress`)).status).toBe(200);
    expect(await rowsOf(studentId)).toEqual([1, 1, 1, 1]);
    expect(ids(await review(studentId))).toEqual(cards);
    expect((await a.del(`/api/students/${studentId}/nuke-progress`)).status).toBe(200);
    expect(await rowsOf(studentId)).toEqual([0, 0, 0, 0]);
  });

  it('exports the review log and memory of every student of the user', async () => {
    clock = T0;
    const { studentId, deckId, cards } = await family(1);
    await save(studentId, [{ card_id: cards[0]!, rating: 'hard', duration_ms: 1500 }]);
    const doc = (await a.get('/api/users/export')).body;
    expect(doc.review_logs).toContainEqual({
      id: expect.any(Number),
      student_id: studentId,
      card_id: cards[0],
      rating: 'hard',
      reviewed_at: iso(T0),
      duration_ms: 1500,
      created_at: iso(T0),
    });
    const memory = doc.memory_states.find((m: { card_id: number }) => m.card_id === cards[0]);
    expect(memory).toMatchObject({ student_id: studentId, deck_id: deckId, state: 'learning', last_review: iso(T0) });
    expect(doc.review_logs.every((r: { student_id: number }) => r.student_id !== bStudent)).toBe(true);
    expect((await b.get('/api/users/export')).body.review_logs).toEqual([]);
  });
});
