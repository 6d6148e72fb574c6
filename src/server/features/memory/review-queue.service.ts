import { cardContentOf } from '@shared/card-fields';
import { REVIEW_SESSION_SIZE } from '@shared/constants';
import { addDays, localDate, startOfLocalDay } from '@shared/local-day';
import type { ReviewCard, ReviewQueue } from '@shared/schemas/review';
import { NEW_MEMORY, type Memory } from '@shared/srs';
import type { DbHandle } from '../../db/schema';
import { notFound } from '../../http/errors';
import { deckUsable } from '../access';
import { studentScope, type QueueCard, type Scope } from './memory-sql';
import { storedParameters } from '../schedule';
import { memoryOf, requireTimeZone } from './memory.service';
import type { LearningSettingsRow } from './memory.repository';
import {
  addStreakDay,
  deckCounts,
  dueCards,
  newCards,
  queueCounts,
  queueState,
  settingsAndAnswersToday,
} from './review-queue.repository';
import type { FamilyId, FamilyScope } from '../../context';

/**
 * A student's review queue, read in their local day (an IANA time zone from the browser).
 *
 * Daily limits, per local day and across all the student's decks: `new_per_day` counts the cards
 * answered today for the first time ever; `max_reviews_per_day` counts the cards answered today
 * that had been answered before today. Cards in their (re)learning steps are never held back.
 *
 * A review card is due for the whole local day on which its due time falls (so a child can do the
 * day's review in the morning); a card in its (re)learning steps is due at its due time (minutes).
 */

/** The student's day: settings, day bounds in the time zone, and what today's answers leave of the limits. */
export interface Day {
  familyId: FamilyId;
  studentId: number;
  settings: LearningSettingsRow;
  tz: string;
  now: Date;
  day: string;
  /** When tomorrow starts (ms). */
  end: number;
  finished: boolean;
  answeredToday: boolean;
  /** The student's own FSRS parameters once tuned, else null (the defaults): as studentParameters. */
  parameters: number[] | null;
  reviewsLeft: number;
  newLeft: number;
}

/** The student's day in `tz` (400 for an unknown zone), with their settings (404 unless the user's student). */
export async function studentDay(
  db: DbHandle,
  input: { familyId: FamilyId; studentId: number; tz: string; now: Date },
): Promise<Day> {
  requireTimeZone(input.tz);
  const day = localDate(input.now, input.tz);
  const start = new Date(startOfLocalDay(day, input.tz)).toISOString();
  const read = await settingsAndAnswersToday(db, input.familyId, input.studentId, start, day);
  if (!read) throw notFound('Student not found');
  const { settings, answered } = read;
  return {
    ...input,
    settings,
    day,
    end: startOfLocalDay(addDays(day, 1), input.tz),
    finished: answered.finished,
    parameters: storedParameters(read.parameters),
    answeredToday: answered.reviewed + answered.introduced > 0,
    reviewsLeft: Math.max(0, settings.max_reviews_per_day - answered.reviewed),
    newLeft: Math.max(0, settings.new_per_day - answered.introduced),
  };
}

/** The queue of `scope` now: counts within the limits, the first cards (when asked), and when more come. */
export async function queueOf(db: DbHandle, d: Day, scope: Scope, withCards: boolean) {
  const sid = d.studentId;
  const endOfDay = new Date(d.end).toISOString();
  // Learning cards due by now: due before the next millisecond.
  const dueNow = new Date(+d.now + 1).toISOString();
  const take = Math.min(REVIEW_SESSION_SIZE, d.reviewsLeft);
  // One more than the limits allow: whether the limits held cards back.
  const [{ reviewDue: dueTotal, learningDue: learningTotal, nextLearning, nextReview }, due, learning, unseen] =
    await Promise.all([
      queueCounts(db, scope, sid, endOfDay, dueNow, d.reviewsLeft + 1),
      withCards && take > 0 ? dueCards(db, scope, sid, 'review', endOfDay, take) : [],
      withCards ? dueCards(db, scope, sid, 'learning', dueNow, REVIEW_SESSION_SIZE) : [],
      newCards(db, scope, sid, d.newLeft + 1),
    ]);
  const counts = {
    due: Math.min(dueTotal, d.reviewsLeft),
    new: Math.min(unseen.length, d.newLeft),
    learning: learningTotal,
  };
  const heldBack = dueTotal > d.reviewsLeft || unseen.length > d.newLeft;
  // A review card comes back on the local day of its due time; held-back cards tomorrow.
  const later = [
    nextLearning === null ? null : Date.parse(nextLearning),
    nextReview === null ? null : startOfLocalDay(localDate(Date.parse(nextReview), d.tz), d.tz),
    heldBack ? d.end : null,
  ].filter((t): t is number => t !== null);
  const cards: ReviewCard[] = [];
  if (withCards) {
    for (const row of [...due, ...learning]) cards.push(queueCard(row, memoryOf(row)!));
    for (const row of unseen.slice(0, counts.new)) cards.push(queueCard(row, { ...NEW_MEMORY }));
  }
  const empty = counts.due + counts.new + counts.learning === 0;
  const started = d.answeredToday || nextLearning !== null || nextReview !== null;
  const learningLaterToday = nextLearning !== null && nextLearning < endOfDay;
  return {
    cards: cards.slice(0, REVIEW_SESSION_SIZE),
    counts,
    next_due_at: later.length > 0 ? new Date(Math.min(...later)).toISOString() : null,
    finishedNow: !('deckId' in scope) && empty && started && !learningLaterToday,
  };
}

/**
 * Whether the student's whole queue (studentScope) is finished now, as queueOf's `finishedNow`,
 * read in one statement without the cards.
 */
export async function wholeQueueFinished(db: DbHandle, d: Day): Promise<boolean> {
  const s = await queueState(
    db,
    d.familyId,
    d.studentId,
    new Date(d.end).toISOString(),
    new Date(+d.now + 1).toISOString(),
    { reviews: d.reviewsLeft, new: d.newLeft },
  );
  const empty = (d.reviewsLeft === 0 || !s.reviewDue) && !s.learningDue && (d.newLeft === 0 || !s.unseen);
  const started = d.answeredToday || s.learningLater || s.reviewLater;
  return empty && started && !s.learningLaterToday;
}

function queueCard(row: QueueCard, memory: Memory): ReviewCard {
  return { id: row.id, deck_id: row.deck_id, ...cardContentOf(row), deck_title: row.deck_title, memory };
}

/** Records today as finished the first time the whole queue is seen empty (memory-statistics.service.ts). */
export async function observe(db: DbHandle, d: Day, finishedNow: boolean): Promise<boolean> {
  if (finishedNow && !d.finished) await addStreakDay(db, d.studentId, d.day);
  return d.finished || finishedNow;
}

/**
 * GET /api/students/{id}/review: the user's student's review now, across their decks (archived
 * ones left out) or in one deck they may study: due review cards (most overdue first), then cards
 * in their learning steps, then the day's remaining new cards in deck order; at most
 * REVIEW_SESSION_SIZE cards, counts within the day's limits. 404 for another user's student or
 * deck, 400 for an unknown time zone.
 */
export async function reviewQueue(
  db: DbHandle,
  who: FamilyScope,
  asked: { studentId: number; deckId?: number; tz: string; now: Date },
): Promise<ReviewQueue> {
  const input = { ...asked, familyId: who.familyId };
  const { deckId } = input;
  const scopeOf = async (): Promise<Scope> => {
    if (deckId === undefined) return studentScope(input.familyId);
    if (!(await deckUsable(db, input.familyId, input.studentId, deckId))) throw notFound('Deck not found');
    return { deckId };
  };
  // The student first, then the deck: run together, the two refusals raced and either could answer.
  const d = await studentDay(db, input);
  const scope = await scopeOf();
  const q = await queueOf(db, d, scope, true);
  const { parameters } = d;
  await observe(db, d, q.finishedNow);
  return { cards: q.cards, counts: q.counts, next_due_at: q.next_due_at, parameters };
}

/**
 * `due_count` and `new_count` of each deck the deck list shows for the user's student: cards due
 * today (review cards due on this local day, learning cards due now) and cards never answered (no
 * daily limit applied). 400 for an unknown time zone. The caller checks that the student is the user's.
 */
export async function deckReviewCounts(
  db: DbHandle,
  input: { familyId: FamilyId; studentId: number; tz: string; now: Date },
): Promise<Map<number, { due_count: number; new_count: number }>> {
  requireTimeZone(input.tz);
  const endOfDay = startOfLocalDay(addDays(localDate(input.now, input.tz), 1), input.tz);
  const counts = await deckCounts(
    db,
    input.familyId,
    input.studentId,
    input.now.toISOString(),
    new Date(endOfDay).toISOString(),
  );
  return new Map([...counts].map(([id, c]) => [id, { due_count: c.due, new_count: c.new }]));
}
