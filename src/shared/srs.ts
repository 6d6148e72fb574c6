import {
  DefaultInitSeedStrategy,
  State,
  StrategyMode,
  computeDecayFactor,
  createEmptyCard,
  default_w,
  fsrs,
  type AbstractScheduler,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import {
  LEARNING_STEPS,
  MEMORY_STATES,
  RATINGS,
  RELEARNING_STEPS,
  type MemoryStateName,
  type ReviewRating,
} from './constants';

/**
 * The one scheduler of the product (server, and the client when it reviews offline): ts-fsrs with
 * its default FSRS-6 parameters, fuzz on, learning steps 1 min / 10 min, relearning 10 min, and the
 * student's desired retention. Nothing here schedules by hand; this module only converts between
 * our JSON-safe memory and ts-fsrs cards, and fixes the seed of the fuzz.
 *
 * Fuzz: ts-fsrs draws it from a seed that its default strategy builds from the review time, the
 * card's repetition count and difficulty × stability. Two cards answered in one save would get the
 * same "random" spread, so the card id is put in front of that seed. Everything the seed reads is
 * in the memory state or the review itself, so replaying a card's log gives exactly the state that
 * applying its reviews one by one gave (stability and difficulty survive the database unchanged:
 * 8-byte floats on both databases, times as ISO strings with milliseconds).
 */

/** A card's memory as stored per student and sent to the client; `state: 'new'` (due null) before any review. */
export interface Memory {
  state: MemoryStateName;
  due: string | null;
  stability: number;
  difficulty: number;
  /** Days between the last two reviews (ts-fsrs keeps it; scheduling recomputes it). */
  elapsed_days: number;
  scheduled_days: number;
  /** Index of the current (re)learning step. */
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
}

/** A memory after at least one review: due and last_review are set. */
export type ReviewedMemory = Memory & { due: string; last_review: string };

/** One answer: its rating and when it was given (ISO-8601 UTC, e.g. from toISOString()). */
export interface Review {
  rating: ReviewRating;
  reviewed_at: string;
}

/** The memory of a card never reviewed. */
export const NEW_MEMORY: Readonly<Memory> = Object.freeze({
  state: 'new',
  due: null,
  stability: 0,
  difficulty: 0,
  elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  reps: 0,
  lapses: 0,
  last_review: null,
});

/** The rating of a study answer: the detailed one when given, else Mastered → good, Not mastered → again. */
export function ratingOf(answer: { rating?: ReviewRating; is_correct: boolean }): ReviewRating {
  return answer.rating ?? (answer.is_correct ? 'good' : 'again');
}

/** Whether an answer counts as remembered (everything but again). */
export const isRecalled = (rating: ReviewRating) => rating !== 'again';

const gradeOf = (rating: ReviewRating) => (RATINGS.indexOf(rating) + 1) as Grade;
const time = (iso: string) => Date.parse(iso);

/** Whether `review` is older than the last review already in `memory` (its card must then be replayed). */
export function isLate(memory: Memory | null, review: Review): boolean {
  return memory?.last_review != null && time(review.reviewed_at) < time(memory.last_review);
}

/** The log in the order it is applied: by reviewed_at, ties in log order (the order they were stored). */
export function inReviewOrder<R extends Review>(log: readonly R[]): R[] {
  return log
    .map((review, i) => ({ review, i, t: time(review.reviewed_at) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.review);
}

export interface Interval {
  /** When the card would come back. */
  due: string;
  /** How long from the time of the preview. */
  interval_ms: number;
}

export interface Scheduler {
  /** The memory after one more review; reviews must come in reviewed_at order (see isLate). */
  apply(memory: Memory | null, cardId: number, review: Review): ReviewedMemory;
  /** The memory after a whole log, applied in reviewed_at order; null for an empty log. */
  replay(cardId: number, log: readonly Review[]): ReviewedMemory | null;
  /** Predicted recall (0–1) at `now`; null for a card never reviewed. */
  recall(memory: Pick<Memory, 'state' | 'stability' | 'last_review'> | null, now: Date | number): number | null;
  /** When the card would come back for each rating if answered at `now` (the detailed-grading buttons). */
  preview(memory: Memory | null, cardId: number, now: Date | number): Record<ReviewRating, Interval>;
}

function toCard(memory: Memory | null, at: Date): Card {
  if (!memory || memory.state === 'new' || memory.due === null) return createEmptyCard(at);
  return {
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: memory.elapsed_days,
    scheduled_days: memory.scheduled_days,
    learning_steps: memory.learning_steps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: MEMORY_STATES.indexOf(memory.state) as State,
    last_review: memory.last_review === null ? undefined : new Date(memory.last_review),
  };
}

function fromCard(card: Card): ReviewedMemory {
  return {
    state: MEMORY_STATES[card.state]!,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review!.toISOString(),
  };
}

/** The ts-fsrs parameters of a student's scheduler: their own FSRS weights when tuned (issue 26), else the defaults. */
export function fsrsParameters(desiredRetention: number, w?: readonly number[] | null) {
  return {
    ...(w ? { w: [...w] } : {}),
    request_retention: desiredRetention,
    enable_fuzz: true,
    enable_short_term: true,
    learning_steps: [...LEARNING_STEPS],
    relearning_steps: [...RELEARNING_STEPS],
  };
}

/** The seed of a card's fuzz: its id, then what ts-fsrs's default strategy uses. */
export function fuzzSeed(cardId: number, scheduler: AbstractScheduler): string {
  return `${cardId}:${DefaultInitSeedStrategy.call(scheduler)}`;
}

function build(desiredRetention: number, w: readonly number[] | null): Scheduler {
  const f: FSRS = fsrs(fsrsParameters(desiredRetention, w));
  // Read by the seed strategy while ts-fsrs schedules; set just before each (synchronous) call.
  let seedCardId = 0;
  f.useStrategy(StrategyMode.SEED, function (this: AbstractScheduler) {
    return fuzzSeed(seedCardId, this);
  });

  const apply = (memory: Memory | null, cardId: number, review: Review): ReviewedMemory => {
    const at = new Date(review.reviewed_at);
    seedCardId = cardId;
    return fromCard(f.next(toCard(memory, at), at, gradeOf(review.rating)).card);
  };

  return {
    apply,
    replay(cardId, log) {
      let memory: ReviewedMemory | null = null;
      for (const review of inReviewOrder(log)) memory = apply(memory, cardId, review);
      return memory;
    },
    recall(memory, now) {
      if (!memory || memory.state === 'new' || memory.last_review === null) return null;
      // Whole days since the last review, as ts-fsrs's get_retrievability counts them.
      const days = Math.max(0, Math.floor((+now - time(memory.last_review)) / 86_400_000));
      return f.forgetting_curve(days, memory.stability);
    },
    preview(memory, cardId, now) {
      const at = new Date(+now);
      seedCardId = cardId;
      const outcomes = f.repeat(toCard(memory, at), at);
      const out = {} as Record<ReviewRating, Interval>;
      for (const rating of RATINGS) {
        const due = outcomes[gradeOf(rating)].card.due;
        out[rating] = { due: due.toISOString(), interval_ms: +due - +at };
      }
      return out;
    },
  };
}

/**
 * The forgetting curve of the default parameters, for recall computed elsewhere (in SQL over many
 * cards): R = (1 + factor × days / stability) ^ decay, days being whole days since the last review.
 */
export const FORGETTING_CURVE: Readonly<{ factor: number; decay: number }> = Object.freeze(
  computeDecayFactor(default_w),
);

/** The forgetting curve of a student's parameters: their own FSRS weights when tuned (issue 26), else FORGETTING_CURVE. */
export const forgettingCurveOf = (w?: readonly number[] | null): Readonly<{ factor: number; decay: number }> =>
  w ? computeDecayFactor(w) : FORGETTING_CURVE;

const schedulers = new Map<string, Scheduler>();

/**
 * The scheduler for a student's settings (one per desired retention and parameters, reused);
 * `parameters` are the student's own FSRS weights when tuned, absent or null for the defaults.
 */
export function schedulerFor(settings: {
  desired_retention: number;
  parameters?: readonly number[] | null;
}): Scheduler {
  const w = settings.parameters ?? null;
  const key = w ? `${settings.desired_retention}|${w.join(',')}` : String(settings.desired_retention);
  let s = schedulers.get(key);
  if (!s) {
    if (schedulers.size >= 100) schedulers.clear();
    s = build(settings.desired_retention, w);
    schedulers.set(key, s);
  }
  return s;
}
