import { computeDecayFactor, fsrs } from 'ts-fsrs';
import { RETENTION_MAX, RETENTION_MIN } from './constants';
import type { Memory } from './srs';

/**
 * What a desired retention costs one child (issue 26): their reviews per day over the coming
 * weeks, simulated with their own FSRS parameters on their real cards, for every retention a
 * parent may choose. Pure and reproducible: the "random" outcome of each answer is a hash of the
 * seed, the card and its review number, so one input always gives the same figures, and every
 * retention meets the same luck (the curve does not zigzag from noise).
 *
 * The model, kept simple on purpose:
 * - each day the cards due are shown, at most `max_reviews_per_day` of them (the rest wait a day,
 *   earliest due first), then up to `new_per_day` new cards in order while there are some;
 * - a card due is remembered with the probability its forgetting curve gives that day: remembered
 *   is "good", forgotten is "again" and then "good" at its relearning step the same day (two answers);
 * - a new card is answered "good" at each of its two learning steps (1 and 10 minutes) and then
 *   comes back after the interval the desired retention gives, as every card does;
 * - intervals are whole days, at least one, without fuzz.
 * Whole-day intervals and the luck of a small deck make neighbouring retentions differ by a little
 * noise; since a higher retention never costs fewer reviews nor keeps fewer cards, the figures are
 * then made non-decreasing by isotonic regression (the closest non-decreasing series).
 */

/** A card the child has answered: its memory, days since its last answer, and days until it is due (0: today or overdue). */
export interface SimulatedCard {
  stability: number;
  difficulty: number;
  elapsed: number;
  due_in: number;
}

export interface EffortInput {
  parameters: readonly number[];
  /** The cards the child has answered (cardsFromMemory). */
  cards: readonly SimulatedCard[];
  /** Cards of their decks they have not seen yet. */
  new_cards: number;
  new_per_day: number;
  max_reviews_per_day: number;
  /** Days simulated (EFFORT_DAYS). */
  days?: number;
  seed?: number;
}

export interface EffortPoint {
  retention: number;
  /** Mean answers per day to cards already seen (reviews and relearning), over the days simulated. */
  reviews_per_day: number;
  /** Mean new cards per day over the days simulated. */
  new_per_day: number;
  /** Expected number of cards the child remembers on the last day simulated (sum of each card's recall). */
  remembered: number;
}

/** Days simulated: about a school term. */
export const EFFORT_DAYS = 90;
/** The retentions simulated: every whole percent a parent may choose (0.80–0.97). */
export const EFFORT_RETENTIONS: readonly number[] = Object.freeze(
  Array.from(
    { length: Math.round((RETENTION_MAX - RETENTION_MIN) * 100) + 1 },
    (_, i) => Math.round((RETENTION_MIN + i / 100) * 100) / 100,
  ),
);

const DAY_MS = 86_400_000;
const MAX_INTERVAL = 36_500;
const AGAIN = 1;
const GOOD = 3;

/** The answered cards of GET /api/students/{id}/memory-states as the simulation reads them, at `now`. */
export function cardsFromMemory(
  states: readonly Pick<Memory, 'state' | 'due' | 'stability' | 'difficulty' | 'last_review'>[],
  now: Date | number,
): SimulatedCard[] {
  const t = +now;
  const out: SimulatedCard[] = [];
  for (const m of states) {
    if (m.state === 'new' || m.last_review === null || m.due === null) continue;
    if (!(m.stability > 0) || !Number.isFinite(m.difficulty)) continue;
    const last = Date.parse(m.last_review);
    const due = Date.parse(m.due);
    if (!Number.isFinite(last) || !Number.isFinite(due)) continue;
    out.push({
      stability: m.stability,
      difficulty: m.difficulty,
      elapsed: Math.max(0, Math.floor((t - last) / DAY_MS)),
      // Cards in their (re)learning steps are due today.
      due_in: m.state === 'review' ? Math.max(0, Math.floor((due - t) / DAY_MS)) : 0,
    });
  }
  return out;
}

/** A uniform number in [0, 1) from three integers (a 32-bit integer hash; the same inputs always give the same number). */
export function uniform(seed: number, card: number, n: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (card + 0x632be59b), 0xc2b2ae35);
  h = Math.imul(h ^ (n + 0x27d4eb2f), 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** Expected reviews per day (and cards remembered) for each retention in `retentions`, lowest first. */
export function simulateEffort(input: EffortInput, retentions: readonly number[] = EFFORT_RETENTIONS): EffortPoint[] {
  const order = [...retentions].sort((a, b) => a - b);
  const raw = order.map((r) => simulateOne(input, r));
  const reviews = nonDecreasing(raw.map((p) => p.reviews_per_day));
  const remembered = nonDecreasing(raw.map((p) => p.remembered));
  return raw.map((p, k) => ({ ...p, reviews_per_day: reviews[k]!, remembered: remembered[k]! }));
}

/** The non-decreasing series closest to `ys` in least squares (pool adjacent violators). */
export function nonDecreasing(ys: readonly number[]): number[] {
  const blocks: { sum: number; n: number }[] = [];
  for (const y of ys) {
    blocks.push({ sum: y, n: 1 });
    while (blocks.length > 1) {
      const b = blocks.at(-1)!;
      const a = blocks.at(-2)!;
      if (a.sum / a.n <= b.sum / b.n) break;
      blocks.pop();
      a.sum += b.sum;
      a.n += b.n;
    }
  }
  return blocks.flatMap((b) => Array<number>(b.n).fill(b.sum / b.n));
}

function simulateOne(input: EffortInput, retention: number): EffortPoint {
  const days = input.days ?? EFFORT_DAYS;
  const seed = input.seed ?? 26;
  const w = [...input.parameters];
  const f = fsrs({ w, enable_short_term: true });
  const { decay, factor } = computeDecayFactor(w);
  const intervalOf = (s: number) =>
    Math.min(MAX_INTERVAL, Math.max(1, Math.round((s / factor) * (Math.pow(retention, 1 / decay) - 1))));

  const known = input.cards.length;
  const introduce = Math.max(0, Math.min(Math.floor(input.new_cards), Math.floor(input.new_per_day) * days));
  const total = known + introduce;
  const stability = new Float64Array(total);
  const difficulty = new Float64Array(total);
  const last = new Float64Array(total);
  const answers = new Uint32Array(total);
  const buckets: number[][] = Array.from({ length: days }, () => []);
  input.cards.forEach((c, i) => {
    stability[i] = c.stability;
    difficulty[i] = c.difficulty;
    last[i] = -c.elapsed;
    if (c.due_in < days) buckets[c.due_in]!.push(i);
  });

  let reviews = 0;
  let introduced = 0;
  const cap = Math.max(0, Math.floor(input.max_reviews_per_day));
  const perDay = Math.max(0, Math.floor(input.new_per_day));
  for (let day = 0; day < days; day++) {
    let due = buckets[day]!;
    if (due.length > cap) {
      // Held back by the daily limit: first in line tomorrow.
      if (day + 1 < days) buckets[day + 1] = due.slice(cap).concat(buckets[day + 1]!);
      due = due.slice(0, cap);
    }
    for (const i of due) {
      const elapsed = day - last[i]!;
      const recall = f.forgetting_curve(elapsed, stability[i]!);
      let state = { stability: stability[i]!, difficulty: difficulty[i]! };
      if (uniform(seed, i, answers[i]!) < recall) {
        state = f.next_state(state, elapsed, GOOD);
        reviews += 1;
      } else {
        state = f.next_state(f.next_state(state, elapsed, AGAIN), 0, GOOD);
        reviews += 2;
      }
      answers[i]! += 1;
      schedule(i, state, day);
    }
    for (let k = 0; k < perDay && introduced < introduce; k++, introduced++) {
      const i = known + introduced;
      schedule(i, f.next_state(f.next_state(null, 0, GOOD), 0, GOOD), day);
    }
  }

  function schedule(i: number, state: { stability: number; difficulty: number }, day: number) {
    stability[i] = state.stability;
    difficulty[i] = state.difficulty;
    last[i] = day;
    const next = day + intervalOf(state.stability);
    if (next < days) buckets[next]!.push(i);
  }

  let remembered = 0;
  for (let i = 0; i < known + introduced; i++) remembered += f.forgetting_curve(days - 1 - last[i]!, stability[i]!);
  return {
    retention,
    reviews_per_day: reviews / days,
    new_per_day: introduced / days,
    remembered,
  };
}
