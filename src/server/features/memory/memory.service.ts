import {
  type AnswerMode,
  REVIEWED_AT_MAX_AGE_MS,
  REVIEWED_AT_MAX_FUTURE_MS,
  type MemoryStateName,
  type ReviewRating,
} from '@shared/constants';
import { isTimeZone, quarterHour } from '@shared/local-day';
import type { FieldError } from '@shared/schemas/common';
import { inReviewOrder, isLate, isRecalled, schedulerFor, type Memory, type ReviewedMemory } from '@shared/srs';
import type { CompiledQuery } from 'kysely';
import type { DbHandle } from '../../db/schema';
import { writeTogether } from '../../db/write-together';
import { ApiError, notFound } from '../../http/errors';
import { studentParameters } from '../schedule';
import type { MemoryColumns } from './memory-sql';
import {
  activityWrites,
  advanceNewCardCursors,
  cardLog,
  learningSettings,
  memoryStateWrites,
  reviewLogWrites,
  reviewTargets,
  type ActivityRow,
  type MemoryRow,
} from './memory.repository';
import type { FamilyId } from '../../context';

/**
 * Spaced repetition of each student: every answer goes into the review log and moves that card's
 * memory as FSRS says (src/shared/srs.ts). The queue is read in review-queue.service.ts, the
 * progress statistics in memory-statistics.service.ts.
 */

export interface ReviewInput {
  card_id: number;
  rating: ReviewRating;
  /** How it was answered (flip cards when absent). */
  mode?: AnswerMode;
  /** ISO-8601 time; the server's now when absent. */
  reviewed_at?: string;
  duration_ms?: number | null;
}

const invalid = (fields: FieldError[]) =>
  new ApiError(400, 'invalid_input', `Invalid input: ${[...new Set(fields.map((f) => f.field))].join(', ')}`, fields);

/** Each review's time as stored (ISO UTC); 400 naming every reviewed_at too far ahead of `now` or too old. */
export function reviewTimes(results: { reviewed_at?: string }[], now: Date): string[] {
  const fields: FieldError[] = [];
  const times = results.map((r, i) => {
    if (r.reviewed_at === undefined) return now.toISOString();
    const t = Date.parse(r.reviewed_at);
    const field = `card_results.${i}.reviewed_at`;
    if (Number.isNaN(t)) fields.push({ field, code: 'invalid_format', message: 'Not an ISO-8601 time' });
    else if (t > +now + REVIEWED_AT_MAX_FUTURE_MS)
      fields.push({ field, code: 'too_big', message: 'More than 5 minutes in the future' });
    else if (t < +now - REVIEWED_AT_MAX_AGE_MS)
      fields.push({ field, code: 'too_small', message: 'Older than 30 days' });
    return Number.isNaN(t) ? '' : new Date(t).toISOString();
  });
  if (fields.length > 0) throw invalid(fields);
  return times;
}

/** 400 unless `tz` is an IANA time zone name. */
export function requireTimeZone(tz: string): void {
  if (!isTimeZone(tz))
    throw invalid([{ field: 'tz', code: 'invalid_time_zone', message: 'Not an IANA time zone name' }]);
}

/** A stored memory as src/shared/srs.ts takes it; null while the card is new. */
export const memoryOf = (row: MemoryColumns): Memory | null =>
  row.state === null
    ? null
    : {
        state: row.state as MemoryStateName,
        due: row.due,
        stability: Number(row.stability),
        difficulty: Number(row.difficulty),
        elapsed_days: Number(row.elapsed_days),
        scheduled_days: Number(row.scheduled_days),
        learning_steps: Number(row.learning_steps),
        reps: Number(row.reps),
        lapses: Number(row.lapses),
        last_review: row.last_review,
      };

/** A save's answers read and scheduled, not yet stored (reviewsToRecord). */
export interface ReviewsToRecord {
  /** The deck of each card answered (the family's deck that holds it or follows its shared deck). */
  deckOf: Map<number, number>;
  /** The statements storing the answers in the log, the new memory and the activity counts, not run. */
  writes: CompiledQuery[];
  /** The new memory of each card. */
  memory: Map<number, ReviewedMemory>;
  /** To run once the writes are stored: moves the new-card cursors of decks whose cards were answered first. */
  afterWrites(trx: DbHandle): Promise<void>;
}

/**
 * Reads what a student's answers need and works out each card's new memory, in the caller's
 * transaction, so that the caller stores them with its own writes in one go (the study save:
 * db/write-together.ts). The user's student, and that its cards are in decks it may study, are
 * checked (404). Each card's reviews are applied in reviewed_at order; one older than the card's
 * last applied review (an offline device sending late) makes that card be recomputed from its
 * whole log.
 */
export async function reviewsToRecord(
  trx: DbHandle,
  input: { familyId: FamilyId; studentId: number; results: ReviewInput[]; now: Date },
): Promise<ReviewsToRecord> {
  const { familyId, studentId, now } = input;
  const times = reviewTimes(input.results, now);
  const reviews = inReviewOrder(
    input.results.map((r, i) => ({
      student_id: studentId,
      card_id: r.card_id,
      rating: r.rating,
      mode: r.mode ?? 'flip',
      reviewed_at: times[i]!,
      duration_ms: r.duration_ms ?? null,
      created_at: now.toISOString(),
    })),
  );
  const byCard = new Map<number, typeof reviews>();
  for (const r of reviews) byCard.set(r.card_id, [...(byCard.get(r.card_id) ?? []), r]);
  // The cards and the student's settings in one read; when it finds nothing, whether the student is the family's says which 404.
  const { settings, targets } = await reviewTargets(trx, familyId, studentId, [...byCard.keys()]);
  if (!settings && !(await learningSettings(trx, familyId, studentId))) throw notFound('Student not found');
  if (!settings || targets.length !== byCard.size) throw notFound('Card not found');
  const scheduler = schedulerFor({ ...settings, parameters: await studentParameters(trx, studentId) });

  const states: MemoryRow[] = [];
  const decksWithNewCards = new Set<number>();
  for (const target of targets) {
    const before = memoryOf(target);
    const added = byCard.get(target.card_id)!;
    let after: ReviewedMemory;
    if (added.some((r) => isLate(before, r))) {
      // The stored log, then these answers as they will be stored (after it, in this order).
      after = scheduler.replay(target.card_id, [...(await cardLog(trx, studentId, target.card_id)), ...added])!;
    } else {
      let m = before;
      for (const r of added) m = scheduler.apply(m, target.card_id, r);
      after = m as ReviewedMemory;
    }
    if (!before) decksWithNewCards.add(target.deck_id);
    states.push({ student_id: studentId, card_id: target.card_id, deck_id: target.deck_id, ...after });
  }

  const deckOf = new Map(targets.map((t) => [t.card_id, t.deck_id]));
  const slots = new Map<string, ActivityRow>();
  for (const r of reviews) {
    const deckId = deckOf.get(r.card_id)!;
    const slot = quarterHour(Date.parse(r.reviewed_at));
    const key = `${deckId} ${slot} ${r.mode}`;
    const a = slots.get(key) ?? { student_id: studentId, deck_id: deckId, slot, mode: r.mode, reviews: 0, correct: 0 };
    a.reviews += 1;
    a.correct += isRecalled(r.rating) ? 1 : 0;
    slots.set(key, a);
  }
  return {
    deckOf,
    writes: [
      ...reviewLogWrites(trx, reviews),
      ...memoryStateWrites(trx, states),
      ...activityWrites(trx, [...slots.values()]),
    ],
    memory: new Map(states.map(({ student_id: _s, card_id, deck_id: _d, ...memory }) => [card_id, memory])),
    // The cursors read the memory just stored.
    afterWrites: (db) => advanceNewCardCursors(db, studentId, [...decksWithNewCards]),
  };
}

/**
 * Stores a student's answers and moves each card's memory, in the caller's transaction
 * (reviewsToRecord, then its writes). Returns the new memory of each card.
 */
export async function recordReviews(
  trx: DbHandle,
  input: { familyId: FamilyId; studentId: number; results: ReviewInput[]; now: Date },
): Promise<Map<number, ReviewedMemory>> {
  const recorded = await reviewsToRecord(trx, input);
  await writeTogether(trx, recorded.writes);
  await recorded.afterWrites(trx);
  return recorded.memory;
}
