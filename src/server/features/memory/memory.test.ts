import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATINGS, REVIEW_SESSION_SIZE, type ReviewRating } from '@shared/constants';
import { inReviewOrder, schedulerFor, type ReviewedMemory } from '@shared/srs';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../../http/errors';
import { createTestApp, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { recordReviews, type ReviewInput } from './memory.service';
import { reviewQueue } from './review-queue.service';
import type { FamilyId } from '../../context';
import { memoryRowColumns } from './memory-sql';

// Recording answers and reading the review queue, on the real database, with the clock passed in.

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2025-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(ms);

let t: TestApp;
let userId: number;
/** What the services are given: the family the parent is in. */
let familyId: FamilyId;

beforeAll(async () => {
  t = await createTestApp();
  const parent = await t.user('parent');
  userId = parent.id;
  familyId = parent.familyId;
});
afterAll(() => t.close());

/** A student with one deck of `cards` cards (ids in order), or more decks with `decks`. */
async function family(cards: number, settings: Record<string, number> = {}) {
  const studentId = await seedStudent(t.db, userId);
  if (Object.keys(settings).length > 0) {
    await t.db.kysely.updateTable('students').set(settings).where('id', '=', studentId).execute();
  }
  const deckId = await seedDeck(t.db, userId, { studentId, title: 'First' });
  return { studentId, deckId, cards: await seedCards(t.db, deckId, cards) };
}

function answer(studentId: number, now: number, results: ReviewInput[]) {
  return inTransaction(t.db, (trx) => recordReviews(trx, { familyId, studentId, results, now: at(now) }));
}
const once = async (studentId: number, cardId: number, rating: ReviewRating, when: number) =>
  (await answer(studentId, when, [{ card_id: cardId, rating, reviewed_at: at(when).toISOString() }])).get(cardId)!;

const queue = (studentId: number, now: number, opts: { deckId?: number; tz?: string } = {}) =>
  reviewQueue(t.db.kysely, { familyId }, { studentId, tz: opts.tz ?? 'UTC', now: at(now), deckId: opts.deckId });
const ids = (q: { cards: { id: number }[] }) => q.cards.map((c) => c.id);
/** Every student of the user reviews a shared deck: the tests that make one remove it when done. */
const dropSharedDeck = (id: number) => t.db.kysely.deleteFrom('decks').where('id', '=', id).execute();

async function rowCounts(studentId: number) {
  const count = async (table: 'review_logs' | 'memory_states' | 'review_activity') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    logs: await count('review_logs'),
    memory: await count('memory_states'),
    activity: await count('review_activity'),
  };
}

describe('recordReviews and the review queue', () => {
  it('takes a new card through learning into review; good is not due again today and comes back after its interval', async () => {
    const { studentId, cards } = await family(1);
    const [card] = cards as [number];
    expect(await queue(studentId, T0)).toMatchObject({
      cards: [{ id: card, memory: { state: 'new', due: null } }],
      counts: { due: 0, new: 1, learning: 0 },
      next_due_at: null,
    });

    const learning = await once(studentId, card, 'good', T0);
    expect(learning).toMatchObject({ state: 'learning', due: at(T0 + 10 * MINUTE).toISOString() });
    expect(await queue(studentId, T0 + 5 * MINUTE)).toMatchObject({
      cards: [],
      counts: { due: 0, new: 0, learning: 0 },
      next_due_at: at(T0 + 10 * MINUTE).toISOString(),
    });
    expect(await queue(studentId, T0 + 10 * MINUTE)).toMatchObject({
      cards: [{ id: card, memory: { state: 'learning' } }],
      counts: { due: 0, new: 0, learning: 1 },
    });

    const review = await once(studentId, card, 'good', T0 + 10 * MINUTE);
    expect(review.state).toBe('review');
    const due = Date.parse(review.due);
    expect(due - T0).toBeGreaterThanOrEqual(DAY);
    const dueDay = Date.parse(review.due.slice(0, 10));
    // Not again today; from the start of its due day (UTC here) until it is answered.
    expect(ids(await queue(studentId, T0 + 14 * 60 * MINUTE))).toEqual([]);
    expect((await queue(studentId, T0 + 11 * MINUTE)).next_due_at).toBe(at(dueDay).toISOString());
    expect(ids(await queue(studentId, dueDay - 1))).toEqual([]);
    expect(await queue(studentId, dueDay)).toMatchObject({
      cards: [{ id: card, memory: { state: 'review', due: review.due } }],
      counts: { due: 1, new: 0, learning: 0 },
    });
  });

  it('brings a card answered "again" back within minutes', async () => {
    const { studentId, cards } = await family(1);
    const [card] = cards as [number];
    const m = await once(studentId, card, 'again', T0);
    expect(m).toMatchObject({ state: 'learning', due: at(T0 + MINUTE).toISOString() });
    expect(ids(await queue(studentId, T0 + 30_000))).toEqual([]);
    expect(ids(await queue(studentId, T0 + MINUTE))).toEqual([card]);
  });

  it('keeps every answer in the log and counts it in the activity', async () => {
    const { studentId, cards } = await family(2);
    await answer(studentId, T0, [
      { card_id: cards[0]!, rating: 'good', duration_ms: 1500 },
      { card_id: cards[1]!, rating: 'again' },
      { card_id: cards[0]!, rating: 'good' },
    ]);
    const logs = await t.db.kysely
      .selectFrom('review_logs')
      .select(['card_id', 'rating', 'reviewed_at', 'duration_ms'])
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { card_id: cards[0], rating: 'good', reviewed_at: at(T0).toISOString(), duration_ms: 1500 },
      { card_id: cards[1], rating: 'again', reviewed_at: at(T0).toISOString(), duration_ms: null },
      { card_id: cards[0], rating: 'good', reviewed_at: at(T0).toISOString(), duration_ms: null },
    ]);
    const activity = await t.db.kysely
      .selectFrom('review_activity')
      .select(['slot', 'reviews', 'correct'])
      .where('student_id', '=', studentId)
      .execute();
    expect(activity).toEqual([{ slot: '2025-01-15T09:00', reviews: 3, correct: 2 }]);
  });

  it('refuses reviewed_at more than 5 minutes ahead or older than 30 days, storing nothing', async () => {
    const { studentId, cards } = await family(1);
    const before = await rowCounts(studentId);
    for (const reviewed_at of [at(T0 + 5 * MINUTE + 1).toISOString(), at(T0 - 30 * DAY - 1).toISOString()]) {
      const err = await answer(studentId, T0, [
        { card_id: cards[0]!, rating: 'good' },
        { card_id: cards[0]!, rating: 'good', reviewed_at },
      ]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 400, fields: [{ field: 'card_results.1.reviewed_at' }] });
    }
    expect(await rowCounts(studentId)).toEqual(before);
    // The edges themselves are accepted.
    await answer(studentId, T0, [
      { card_id: cards[0]!, rating: 'good', reviewed_at: at(T0 - 30 * DAY).toISOString() },
      { card_id: cards[0]!, rating: 'good', reviewed_at: at(T0 + 5 * MINUTE).toISOString() },
    ]);
    expect((await rowCounts(studentId)).logs).toBe(2);
  });

  it("answers another family's student or card as missing, storing nothing", async () => {
    const { studentId, cards } = await family(1);
    const other = await t.user('other');
    const theirStudent = await seedStudent(t.db, other.id);
    const theirCards = await seedCards(t.db, await seedDeck(t.db, other.id, { studentId: theirStudent }), 1);
    const before = await rowCounts(studentId);
    await expect(answer(theirStudent, T0, [{ card_id: cards[0]!, rating: 'good' }])).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      answer(studentId, T0, [
        { card_id: cards[0]!, rating: 'good' },
        { card_id: theirCards[0]!, rating: 'good' },
      ]),
    ).rejects.toMatchObject({ status: 404 });
    await expect(queue(theirStudent, T0)).rejects.toMatchObject({ status: 404 });
    expect(await rowCounts(studentId)).toEqual(before);
    expect(await rowCounts(theirStudent)).toEqual({ logs: 0, memory: 0, activity: 0 });
  });

  it('stores what replaying the log in time order gives, however late and batched the answers arrive', async () => {
    const scheduler = schedulerFor({ desired_retention: 0.9 });
    const { studentId, cards } = await family(12);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            rating: fc.constantFrom(...RATINGS),
            gap: fc.oneof(fc.integer({ min: 1_000, max: 20 * MINUTE }), fc.integer({ min: 20 * MINUTE, max: 2 * DAY })),
            key: fc.double({ min: 0, max: 1, noNaN: true }),
            cut: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          const card = cards[run++ % cards.length]!;
          await t.db.kysely.deleteFrom('review_logs').where('student_id', '=', studentId).execute();
          await t.db.kysely.deleteFrom('memory_states').where('student_id', '=', studentId).execute();
          let time = T0;
          const reviews = steps.map((s) => ({ ...s, reviewed_at: at((time += s.gap)).toISOString() }));
          const now = time + MINUTE; // every review within 30 days of now
          // Arrival: shuffled, in batches.
          const arrival = [...reviews].sort((a, b) => a.key - b.key);
          let batch: ReviewInput[] = [];
          for (const [i, r] of arrival.entries()) {
            batch.push({ card_id: card, rating: r.rating, reviewed_at: r.reviewed_at });
            if (r.cut || i === arrival.length - 1) {
              await answer(studentId, now, batch);
              batch = [];
            }
          }
          const stored = await t.db.kysely
            .selectFrom('memory_states')
            .select(memoryRowColumns)
            .where('student_id', '=', studentId)
            .where('card_id', '=', card)
            .executeTakeFirstOrThrow();
          const { student_id: _s, card_id: _c, deck_id: _d, ...memory } = stored;
          const expected: ReviewedMemory = scheduler.replay(card, inReviewOrder(reviews))!;
          expect({ ...memory, stability: Number(memory.stability), difficulty: Number(memory.difficulty) }).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('reviewQueue', () => {
  it('gives due cards most overdue first, then learning cards, then new cards in deck order', async () => {
    const { studentId, deckId, cards } = await family(3, { new_per_day: 50 });
    const second = await seedDeck(t.db, userId, { studentId, title: 'Second' });
    const later = await seedCards(t.db, second, 2);
    // Two cards into review at different times, one into relearning later.
    const graduate = async (card: number, when: number) => {
      await once(studentId, card, 'good', when);
      return once(studentId, card, 'good', when + 10 * MINUTE);
    };
    const a = await graduate(cards[0]!, T0);
    const b = await graduate(later[0]!, T0 + DAY);
    const now = Math.max(Date.parse(a.due), Date.parse(b.due)) + 3 * DAY;
    await once(studentId, cards[1]!, 'again', now - 5 * MINUTE);

    const q = await queue(studentId, now);
    const byDue = [
      [cards[0]!, a.due],
      [later[0]!, b.due],
    ].sort((x, y) => String(x[1]).localeCompare(String(y[1])));
    expect(ids(q)).toEqual([byDue[0]![0], byDue[1]![0], cards[1], cards[2], later[1]]);
    expect(q.counts).toEqual({ due: 2, new: 2, learning: 1 });
    expect(q.cards.map((c) => [c.deck_id, c.deck_title])).toEqual(
      ids(q).map((id) => (cards.includes(id) ? [deckId, 'First'] : [second, 'Second'])),
    );

    // One deck only.
    expect(ids(await queue(studentId, now, { deckId: second }))).toEqual([later[0], later[1]]);
  });

  it('holds at most one session of cards and counts the rest', async () => {
    const { studentId } = await family(REVIEW_SESSION_SIZE + 5, { new_per_day: 100 });
    const q = await queue(studentId, T0);
    expect(q.cards).toHaveLength(REVIEW_SESSION_SIZE);
    expect(q.counts.new).toBe(REVIEW_SESSION_SIZE + 5);
  });

  it('introduces at most new_per_day new cards per day', async () => {
    const { studentId, cards } = await family(15, { new_per_day: 10 });
    expect((await queue(studentId, T0)).counts).toEqual({ due: 0, new: 10, learning: 0 });
    await answer(
      studentId,
      T0,
      cards.slice(0, 3).map((card_id) => ({ card_id, rating: 'again' as const })),
    );
    const q = await queue(studentId, T0 + 30_000);
    expect(q.counts).toEqual({ due: 0, new: 7, learning: 0 });
    expect(ids(q)).toEqual(cards.slice(3, 10));
    expect((await queue(studentId, T0 + MINUTE)).counts).toEqual({ due: 0, new: 7, learning: 3 });
    expect((await queue(studentId, T0 + DAY)).counts).toEqual({ due: 0, new: 10, learning: 3 });
  });

  it('reviews at most max_reviews_per_day known cards per day', async () => {
    const { studentId, cards } = await family(12, { max_reviews_per_day: 10, new_per_day: 100 });
    const all = cards.map((card_id) => ({ card_id, rating: 'good' as const }));
    await answer(studentId, T0, all);
    await answer(studentId, T0 + 10 * MINUTE, all);
    const now = T0 + 30 * DAY;
    const q = await queue(studentId, now);
    expect(q.counts).toEqual({ due: 10, new: 0, learning: 0 });
    expect(q.cards).toHaveLength(10);

    await answer(
      studentId,
      now,
      ids(q)
        .slice(0, 4)
        .map((card_id) => ({ card_id, rating: 'good' as const })),
    );
    const after = await queue(studentId, now + MINUTE);
    expect(after.counts).toEqual({ due: 6, new: 0, learning: 0 });
    // Two more are due but held back until tomorrow.
    expect(after.next_due_at).toBe(at(Date.parse(at(now).toISOString().slice(0, 10)) + DAY).toISOString());
  });

  it("counts the day in the student's time zone", async () => {
    const { studentId, cards } = await family(3, { new_per_day: 1 });
    const lateEvening = Date.parse('2025-01-15T22:30:00.000Z'); // 23:30 in Madrid
    await once(studentId, cards[0]!, 'easy', lateEvening);
    const stillThe15th = Date.parse('2025-01-15T22:50:00.000Z');
    const the16thInMadrid = Date.parse('2025-01-15T23:10:00.000Z');
    expect((await queue(studentId, stillThe15th, { tz: 'Europe/Madrid' })).counts.new).toBe(0);
    expect((await queue(studentId, the16thInMadrid, { tz: 'Europe/Madrid' })).counts.new).toBe(1);
    expect((await queue(studentId, the16thInMadrid, { tz: 'UTC' })).counts.new).toBe(0);
    // Tokyo was already on the 16th at 07:30 when the card was answered.
    expect((await queue(studentId, the16thInMadrid, { tz: 'Asia/Tokyo' })).counts.new).toBe(0);
  });

  it('refuses an unknown time zone, and answers a deck the student may not study as missing', async () => {
    const { studentId } = await family(1);
    for (const tz of ['Mars/Olympus', '+01:00', 'UTC; drop table', '']) {
      await expect(queue(studentId, T0, { tz })).rejects.toMatchObject({ status: 400, code: 'invalid_input' });
    }
    const sibling = await seedStudent(t.db, userId, 'Sibling');
    const siblingDeck = await seedDeck(t.db, userId, { studentId: sibling });
    await expect(queue(studentId, T0, { deckId: siblingDeck })).rejects.toMatchObject({ status: 404 });
    const other = await t.user('stranger');
    const strangerDeck = await seedDeck(t.db, other.id);
    await expect(queue(studentId, T0, { deckId: strangerDeck })).rejects.toMatchObject({ status: 404 });
    // A shared deck (no student) may be reviewed on its own.
    const shared = await seedDeck(t.db, userId);
    const [card] = await seedCards(t.db, shared, 1);
    expect(ids(await queue(studentId, T0, { deckId: shared }))).toEqual([card]);
    await dropSharedDeck(shared);
  });

  it("reviews the student's own and every student's decks; archived decks and decks moved away are left out", async () => {
    const { studentId, deckId, cards } = await family(2);
    const shared = await seedDeck(t.db, userId);
    const [sharedCard] = await seedCards(t.db, shared, 1);
    await once(studentId, cards[0]!, 'again', T0);
    await once(studentId, sharedCard!, 'again', T0);
    expect(await queue(studentId, T0 + MINUTE)).toMatchObject({
      cards: [{ id: cards[0] }, { id: sharedCard }, { id: cards[1] }],
      counts: { due: 0, new: 1, learning: 2 },
    });
    const only = { cards: [{ id: sharedCard }], counts: { due: 0, new: 0, learning: 1 } };
    await t.db.kysely.updateTable('decks').set({ is_archived: 1 }).where('id', '=', deckId).execute();
    expect(await queue(studentId, T0 + MINUTE)).toMatchObject(only);
    expect(ids(await queue(studentId, T0 + MINUTE, { deckId }))).toEqual(cards);

    const sibling = await seedStudent(t.db, userId, 'Sibling');
    await t.db.kysely
      .updateTable('decks')
      .set({ is_archived: 0, student_id: sibling })
      .where('id', '=', deckId)
      .execute();
    expect(await queue(studentId, T0 + MINUTE)).toMatchObject(only);
    await expect(queue(studentId, T0 + MINUTE, { deckId })).rejects.toMatchObject({ status: 404 });
    // Moved back, the deck comes back with what the student remembers of it.
    await t.db.kysely.updateTable('decks').set({ student_id: studentId }).where('id', '=', deckId).execute();
    expect(ids(await queue(studentId, T0 + MINUTE))).toEqual([cards[0], sharedCard, cards[1]]);
    await dropSharedDeck(shared);
  });

  it('finds new cards between and after the ones already seen, and cards added later', async () => {
    const { studentId, deckId, cards } = await family(8, { new_per_day: 100 });
    for (const i of [2, 0, 5]) await once(studentId, cards[i]!, 'easy', T0 + i * MINUTE);
    const unseen = cards.filter((_, i) => ![0, 2, 5].includes(i));
    expect(ids(await queue(studentId, T0 + DAY))).toEqual(unseen);
    await once(studentId, cards[1]!, 'easy', T0 + DAY);
    const [added] = await seedCards(t.db, deckId, 1);
    expect(ids(await queue(studentId, T0 + DAY + MINUTE))).toEqual([...unseen.slice(1), added]);
  });
});
