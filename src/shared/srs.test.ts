import fc from 'fast-check';
import {
  DefaultInitSeedStrategy,
  Rating,
  StrategyMode,
  createEmptyCard,
  default_w,
  fsrs,
  generatorParameters,
  type AbstractScheduler,
  type Card,
  type Grade,
} from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { RATINGS, type ReviewRating } from './constants';
import { NEW_MEMORY, inReviewOrder, isLate, ratingOf, schedulerFor, type Memory, type Review } from './srs';

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = Date.parse('2025-03-01T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const review = (rating: ReviewRating, at: number): Review => ({ rating, reviewed_at: iso(at) });

/** ts-fsrs configured straight from the words, to check srs.ts against. */
function reference(retention: number, cardId: number) {
  return fsrs({
    request_retention: retention,
    enable_fuzz: true,
    learning_steps: ['1m', '10m'],
    relearning_steps: ['10m'],
  }).useStrategy(StrategyMode.SEED, function (this: AbstractScheduler) {
    return `${cardId}:${DefaultInitSeedStrategy.call(this)}`;
  });
}

const grade: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** Ratings at strictly increasing times: gaps from seconds (learning steps) to months. */
const reviewsArb = fc
  .array(
    fc.record({
      rating: fc.constantFrom(...RATINGS),
      gap: fc.oneof(
        fc.integer({ min: 1_000, max: 20 * MINUTE }),
        fc.integer({ min: 20 * MINUTE, max: DAY }),
        fc.integer({ min: DAY, max: 120 * DAY }),
      ),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((steps) => {
    let t = START;
    return steps.map(({ rating, gap }) => review(rating, (t += gap)));
  });

const retentionArb = fc.constantFrom(0.8, 0.85, 0.9, 0.93, 0.97);
const cardIdArb = fc.integer({ min: 1, max: 2_000_000_000 });
/** What a database row gives back: the memory through JSON (numbers and strings, no Dates). */
const stored = (m: Memory | null) => (m === null ? null : (JSON.parse(JSON.stringify(m)) as Memory));

describe('ratingOf', () => {
  it('maps Mastered to good and Not mastered to again; a detailed rating wins', () => {
    expect(ratingOf({ is_correct: true })).toBe('good');
    expect(ratingOf({ is_correct: false })).toBe('again');
    expect(ratingOf({ is_correct: true, rating: 'easy' })).toBe('easy');
    expect(ratingOf({ is_correct: false, rating: 'hard' })).toBe('hard');
  });
});

describe('schedulerFor', () => {
  const s = schedulerFor({ desired_retention: 0.9 });

  it('uses ts-fsrs defaults (FSRS-6, 21 weights)', () => {
    expect(default_w).toHaveLength(21);
    expect(generatorParameters().w).toEqual([...default_w]);
  });

  it('walks a new card through the learning steps into review', () => {
    const again = s.apply(null, 1, review('again', START));
    expect(again.state).toBe('learning');
    expect(Date.parse(again.due) - START).toBe(1 * MINUTE);

    const good = s.apply(null, 1, review('good', START));
    expect(good.state).toBe('learning');
    expect(Date.parse(good.due) - START).toBe(10 * MINUTE);

    const graduated = s.apply(good, 1, review('good', START + 10 * MINUTE));
    expect(graduated.state).toBe('review');
    expect(graduated.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(graduated.reps).toBe(2);

    const lapse = s.apply(graduated, 1, review('again', Date.parse(graduated.due)));
    expect(lapse.state).toBe('relearning');
    expect(lapse.lapses).toBe(1);
    expect(Date.parse(lapse.due) - Date.parse(graduated.due)).toBe(10 * MINUTE);
  });

  it('gives longer intervals for a lower desired retention', () => {
    const low = schedulerFor({ desired_retention: 0.8 });
    const high = schedulerFor({ desired_retention: 0.97 });
    let a: Memory | null = null;
    let b: Memory | null = null;
    let t = START;
    for (let i = 0; i < 4; i++) {
      a = low.apply(a, 5, review('good', t));
      b = high.apply(b, 5, review('good', t));
      t += 30 * DAY;
    }
    expect(a!.scheduled_days).toBeGreaterThan(b!.scheduled_days);
  });

  it('fuzzes per card, the same way every time for the same card and review', () => {
    const longInterval = (cardId: number) => {
      let m: Memory | null = null;
      let t = START;
      for (let i = 0; i < 5; i++) {
        m = s.apply(m, cardId, review('easy', t));
        t = Date.parse(m.due!);
      }
      return m!.due;
    };
    const dues = Array.from({ length: 20 }, (_, i) => longInterval(i + 1));
    expect(new Set(dues).size).toBeGreaterThan(1);
    expect(Array.from({ length: 20 }, (_, i) => longInterval(i + 1))).toEqual(dues);
  });

  it('predicts recall: none before any review, 1 on the day of a review, falling after', () => {
    expect(s.recall(null, START)).toBeNull();
    expect(s.recall(NEW_MEMORY, START)).toBeNull();
    const m = s.apply(s.apply(null, 3, review('good', START)), 3, review('good', START + 10 * MINUTE));
    expect(s.recall(m, START + 60 * MINUTE)).toBe(1);
    const atDue = s.recall(m, Date.parse(m.due))!;
    const later = s.recall(m, Date.parse(m.due) + 60 * DAY)!;
    expect(atDue).toBeGreaterThan(0.8);
    expect(atDue).toBeLessThan(1);
    expect(later).toBeLessThan(atDue);
  });

  it('previews the four outcomes as the answer would schedule them', () => {
    const fresh = s.preview(null, 9, START);
    expect(fresh.again.interval_ms).toBe(1 * MINUTE);
    expect(fresh.hard.interval_ms).toBe(6 * MINUTE);
    expect(fresh.good.interval_ms).toBe(10 * MINUTE);
    expect(fresh.easy.interval_ms).toBeGreaterThanOrEqual(DAY);

    const m = s.apply(s.apply(null, 9, review('good', START)), 9, review('good', START + 10 * MINUTE));
    const at = Date.parse(m.due);
    const p = s.preview(m, 9, at);
    expect(p.again.interval_ms).toBe(10 * MINUTE);
    expect(p.hard.interval_ms).toBeLessThan(p.good.interval_ms);
    expect(p.good.interval_ms).toBeLessThan(p.easy.interval_ms);
    for (const rating of RATINGS) expect(p[rating].due).toBe(s.apply(m, 9, review(rating, at)).due);
  });
});

describe('replay', () => {
  it('gives what ts-fsrs computes, and what applying the reviews one by one through the database gave', () => {
    fc.assert(
      fc.property(reviewsArb, retentionArb, cardIdArb, (reviews, retention, cardId) => {
        const s = schedulerFor({ desired_retention: retention });
        let incremental: Memory | null = null;
        for (const r of reviews) incremental = stored(s.apply(incremental, cardId, r));

        const ref = reference(retention, cardId);
        let card: Card = createEmptyCard(new Date(reviews[0]!.reviewed_at));
        for (const r of reviews) card = ref.next(card, new Date(r.reviewed_at), grade[r.rating]).card;

        const replayed = s.replay(cardId, reviews)!;
        expect(replayed).toEqual(incremental);
        expect(replayed).toMatchObject({
          due: card.due.toISOString(),
          stability: card.stability,
          difficulty: card.difficulty,
          reps: card.reps,
          lapses: card.lapses,
          scheduled_days: card.scheduled_days,
          learning_steps: card.learning_steps,
          last_review: card.last_review!.toISOString(),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('ends in the in-order state however late and in whatever batches the reviews arrive', () => {
    const arrivalsArb = reviewsArb.chain((reviews) =>
      fc
        .tuple(
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
            minLength: reviews.length,
            maxLength: reviews.length,
          }),
          fc.array(fc.boolean(), { minLength: reviews.length, maxLength: reviews.length }),
        )
        .map(([keys, cuts]) => {
          const order = reviews.map((r, i) => ({ r, k: keys[i]! })).sort((a, b) => a.k - b.k);
          const batches: Review[][] = [[]];
          order.forEach(({ r }, i) => {
            batches.at(-1)!.push(r);
            if (cuts[i] && i < order.length - 1) batches.push([]);
          });
          return { reviews, batches };
        }),
    );
    fc.assert(
      fc.property(arrivalsArb, cardIdArb, ({ reviews, batches }, cardId) => {
        const s = schedulerFor({ desired_retention: 0.9 });
        // What the server does: append to the log, apply in order, replay the card when one is late.
        const log: Review[] = [];
        let memory: Memory | null = null;
        for (const batch of batches) {
          const sorted = inReviewOrder(batch);
          log.push(...sorted);
          if (sorted.some((r) => isLate(memory, r))) memory = s.replay(cardId, log);
          else for (const r of sorted) memory = s.apply(memory, cardId, r);
          memory = stored(memory);
        }
        expect(memory).toEqual(s.replay(cardId, reviews));
      }),
      { numRuns: 300 },
    );
  });

  it('applies reviews of the same time in log order', () => {
    const s = schedulerFor({ desired_retention: 0.9 });
    const log = [review('good', START), review('again', START + MINUTE), review('easy', START + MINUTE)];
    const byHand = s.apply(s.apply(s.apply(null, 1, log[0]!), 1, log[1]!), 1, log[2]!);
    expect(s.replay(1, [log[2]!, log[0]!, log[1]!])).not.toEqual(byHand);
    expect(s.replay(1, log)).toEqual(byHand);
    expect(s.replay(1, [])).toBeNull();
  });
});
