import {
  ACTIVITY_DAYS,
  FORECAST_DAYS,
  REVIEWED_AT_MAX_AGE_MS,
  REVIEWED_AT_MAX_FUTURE_MS,
  REVIEW_SESSION_SIZE,
  STREAK_REST_DAY_WINDOW,
  type MemoryStateName,
  type ReviewRating,
} from '@shared/constants';
import { addDays, isTimeZone, localDate, quarterHour, startOfLocalDay } from '@shared/local-day';
import type { FieldError } from '@shared/schemas/common';
import type { MemoryStatistics, ReviewCard, ReviewQueue } from '@shared/schemas/review';
import { NEW_MEMORY, inReviewOrder, isLate, isRecalled, schedulerFor, type Memory, type ReviewedMemory } from '@shared/srs';
import type { DbHandle } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { deckUsable } from '../access/access.repository';
import {
  activity,
  addActivity,
  addStreakDay,
  advanceNewCardCursors,
  answersToday,
  cardLog,
  countDue,
  countDueBefore,
  deckCounts,
  dueCards,
  firstDue,
  insertReviewLogs,
  learningSettings,
  memoryForRecall,
  newCards,
  reviewTargets,
  saveMemoryStates,
  streakDays,
  studentScope,
  type LearningSettingsRow,
  type MemoryColumns,
  type MemoryRow,
  type QueueCard,
  type Scope,
} from './memory.repository';

/**
 * Spaced repetition of each student: every answer goes into the review log and moves that card's
 * memory as FSRS says (src/shared/srs.ts); the review queue and the memory statistics are read in
 * the student's local day (an IANA time zone from the browser).
 *
 * Daily limits, per local day and across all the student's decks: `new_per_day` counts the cards
 * answered today for the first time ever; `max_reviews_per_day` counts the cards answered today
 * that had been answered before today. Cards in their (re)learning steps are never held back.
 *
 * A review card is due for the whole local day on which its due time falls (so a child can do the
 * day's review in the morning); a card in its (re)learning steps is due at its due time (minutes).
 *
 * Streak: a local day is finished when the server sees, on that day, the student's whole review
 * queue (all their decks, within the day's limits) hold nothing and no learning step come due
 * before the day ends, while the student has begun learning (answered a card today, or has cards
 * coming due). The server sees it whenever the queue
 * or the memory statistics are read, and records that day then (streak_days), so the day stays
 * finished whatever comes due later. The streak counts consecutive finished days back from today
 * (today counts once finished; while it is not, it does not break the streak), forgiving one
 * missed day, a rest day, in any STREAK_REST_DAY_WINDOW consecutive days.
 */

export interface ReviewInput {
  card_id: number;
  rating: ReviewRating;
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
    else if (t < +now - REVIEWED_AT_MAX_AGE_MS) fields.push({ field, code: 'too_small', message: 'Older than 30 days' });
    return Number.isNaN(t) ? '' : new Date(t).toISOString();
  });
  if (fields.length > 0) throw invalid(fields);
  return times;
}

function requireTimeZone(tz: string): void {
  if (!isTimeZone(tz)) throw invalid([{ field: 'tz', code: 'invalid_time_zone', message: 'Not an IANA time zone name' }]);
}

const memoryOf = (row: MemoryColumns): Memory | null =>
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

/**
 * Stores a student's answers and moves each card's memory, in the caller's transaction (the study
 * save). The user's student and cards are checked again (404). Each card's reviews are applied in
 * reviewed_at order; one older than the card's last applied review (an offline device sending
 * late) makes that card be recomputed from its whole log. Returns the new memory of each card.
 */
export async function recordReviews(
  trx: DbHandle,
  input: { userId: number; studentId: number; results: ReviewInput[]; now: Date },
): Promise<Map<number, ReviewedMemory>> {
  const { userId, studentId, now } = input;
  const times = reviewTimes(input.results, now);
  const settings = await learningSettings(trx, userId, studentId);
  if (!settings) throw notFound('Student not found');
  const scheduler = schedulerFor(settings);

  const reviews = inReviewOrder(
    input.results.map((r, i) => ({
      student_id: studentId,
      card_id: r.card_id,
      rating: r.rating,
      reviewed_at: times[i]!,
      duration_ms: r.duration_ms ?? null,
      created_at: now.toISOString(),
    })),
  );
  const byCard = new Map<number, typeof reviews>();
  for (const r of reviews) byCard.set(r.card_id, [...(byCard.get(r.card_id) ?? []), r]);
  const targets = await reviewTargets(trx, userId, studentId, [...byCard.keys()]);
  if (targets.length !== byCard.size) throw notFound('Card not found');
  await insertReviewLogs(trx, reviews);

  const states: MemoryRow[] = [];
  const decksWithNewCards = new Set<number>();
  for (const target of targets) {
    const before = memoryOf(target);
    const added = byCard.get(target.card_id)!;
    let after: ReviewedMemory;
    if (added.some((r) => isLate(before, r))) {
      after = scheduler.replay(target.card_id, await cardLog(trx, studentId, target.card_id))!;
    } else {
      let m = before;
      for (const r of added) m = scheduler.apply(m, target.card_id, r);
      after = m as ReviewedMemory;
    }
    if (!before) decksWithNewCards.add(target.deck_id);
    states.push({ student_id: studentId, card_id: target.card_id, deck_id: target.deck_id, ...after });
  }
  await saveMemoryStates(trx, states);
  await advanceNewCardCursors(trx, studentId, [...decksWithNewCards]);

  const deckOf = new Map(targets.map((t) => [t.card_id, t.deck_id]));
  const slots = new Map<string, { student_id: number; deck_id: number; slot: string; reviews: number; correct: number }>();
  for (const r of reviews) {
    const deckId = deckOf.get(r.card_id)!;
    const slot = quarterHour(Date.parse(r.reviewed_at));
    const key = `${deckId} ${slot}`;
    const a = slots.get(key) ?? { student_id: studentId, deck_id: deckId, slot, reviews: 0, correct: 0 };
    a.reviews += 1;
    a.correct += isRecalled(r.rating) ? 1 : 0;
    slots.set(key, a);
  }
  await addActivity(trx, [...slots.values()]);
  return new Map(states.map(({ student_id: _s, card_id, deck_id: _d, ...memory }) => [card_id, memory]));
}

/** The student's day: settings, day bounds in the time zone, and what today's answers leave of the limits. */
interface Day {
  userId: number;
  studentId: number;
  settings: LearningSettingsRow;
  tz: string;
  now: Date;
  day: string;
  /** When tomorrow starts (ms). */
  end: number;
  finished: boolean;
  answeredToday: boolean;
  reviewsLeft: number;
  newLeft: number;
}

async function studentDay(
  db: DbHandle,
  input: { userId: number; studentId: number; tz: string; now: Date },
): Promise<Day> {
  requireTimeZone(input.tz);
  const settings = await learningSettings(db, input.userId, input.studentId);
  if (!settings) throw notFound('Student not found');
  const day = localDate(input.now, input.tz);
  const start = startOfLocalDay(day, input.tz);
  const answered = await answersToday(db, input.studentId, new Date(start).toISOString(), day);
  return {
    ...input,
    settings,
    day,
    end: startOfLocalDay(addDays(day, 1), input.tz),
    finished: answered.finished,
    answeredToday: answered.reviewed + answered.introduced > 0,
    reviewsLeft: Math.max(0, settings.max_reviews_per_day - answered.reviewed),
    newLeft: Math.max(0, settings.new_per_day - answered.introduced),
  };
}

/** The queue of `scope` now: counts within the limits, the first cards (when asked), and when more come. */
async function queueOf(db: DbHandle, d: Day, scope: Scope, withCards: boolean) {
  const sid = d.studentId;
  const endOfDay = new Date(d.end).toISOString();
  // Learning cards due by now: due before the next millisecond.
  const dueNow = new Date(+d.now + 1).toISOString();
  const take = Math.min(REVIEW_SESSION_SIZE, d.reviewsLeft);
  // One more than the limits allow: whether the limits held cards back.
  const [dueTotal, learningTotal, due, learning, unseen, nextLearning, nextReview] = await Promise.all([
    countDue(db, scope, sid, 'review', endOfDay, d.reviewsLeft + 1),
    countDue(db, scope, sid, 'learning', dueNow, Number.MAX_SAFE_INTEGER),
    withCards && take > 0 ? dueCards(db, scope, sid, 'review', endOfDay, take) : [],
    withCards ? dueCards(db, scope, sid, 'learning', dueNow, REVIEW_SESSION_SIZE) : [],
    newCards(db, scope, sid, d.newLeft + 1),
    firstDue(db, scope, sid, 'learning', dueNow),
    firstDue(db, scope, sid, 'review', endOfDay),
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

function queueCard(row: QueueCard, memory: Memory): ReviewCard {
  return {
    id: row.id,
    deck_id: row.deck_id,
    en: row.en,
    es: row.es,
    en_pronunciation: row.en_pronunciation,
    es_pronunciation: row.es_pronunciation,
    front_image_key: row.front_image_key,
    back_image_key: row.back_image_key,
    deck_title: row.deck_title,
    memory,
  };
}

/** Records today as finished the first time the whole queue is seen empty (see the streak above). */
async function observe(db: DbHandle, d: Day, finishedNow: boolean): Promise<boolean> {
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
  input: { userId: number; studentId: number; deckId?: number; tz: string; now: Date },
): Promise<ReviewQueue> {
  const d = await studentDay(db, input);
  if (input.deckId !== undefined && !(await deckUsable(db, input.userId, input.studentId, input.deckId))) {
    throw notFound('Deck not found');
  }
  const scope: Scope =
    input.deckId === undefined ? await studentScope(db, input.userId, input.studentId) : { deckId: input.deckId };
  const q = await queueOf(db, d, scope, true);
  await observe(db, d, q.finishedNow);
  return { cards: q.cards, counts: q.counts, next_due_at: q.next_due_at };
}

/**
 * The streak: consecutive finished days back from today (`finished` holds the finished days;
 * today counts when finished and does not break the streak while it is not), with one missed day
 * forgiven in any STREAK_REST_DAY_WINDOW consecutive days.
 */
export function streakLength(finished: ReadonlySet<string>, today: string): number {
  let streak = finished.has(today) ? 1 : 0;
  let lastRest = -Infinity;
  for (let back = 1; ; back++) {
    const day = addDays(today, -back);
    if (finished.has(day)) streak++;
    else if (back - lastRest >= STREAK_REST_DAY_WINDOW) lastRest = back;
    else return streak;
  }
}

/**
 * `memory_statistics` of a student's progress (the user's student, else 404; 400 for an unknown
 * time zone), over the cards of their decks (archived ones left out) except the activity, which
 * counts every answer.
 */
export async function memoryStatistics(
  db: DbHandle,
  input: { userId: number; studentId: number; tz: string; now: Date },
): Promise<MemoryStatistics> {
  const d = await studentDay(db, input);
  const { tz, studentId } = d;
  const firstDay = addDays(d.day, -(ACTIVITY_DAYS - 1));
  const scope = await studentScope(db, input.userId, studentId);
  const ends = Array.from({ length: FORECAST_DAYS }, (_, k) => startOfLocalDay(addDays(d.day, k + 1), tz));
  const [q, learned, dueBy, recallRows, slots, days] = await Promise.all([
    queueOf(db, d, scope, false),
    countDue(db, scope, studentId, 'review', '9999', Number.MAX_SAFE_INTEGER), // every card in review
    countDueBefore(db, scope, studentId, ends.map((t) => new Date(t).toISOString())),
    memoryForRecall(db, scope, studentId),
    activity(db, studentId, quarterHour(startOfLocalDay(firstDay, tz))),
    streakDays(db, studentId),
  ]);
  const todayFinished = await observe(db, d, q.finishedNow);

  const forecast = dueBy.map((n, k) => ({ date: addDays(d.day, k), due: n - (k === 0 ? 0 : dueBy[k - 1]!) }));
  const scheduler = schedulerFor(d.settings);
  let recallSum = 0;
  for (const m of recallRows) {
    recallSum += scheduler.recall({ state: 'review', stability: Number(m.stability), last_review: m.last_review }, d.now)!;
  }

  const activityDays = Array.from({ length: ACTIVITY_DAYS }, (_, i) => ({
    date: addDays(firstDay, i),
    reviews: 0,
    correct: 0,
  }));
  const byDate = new Map(activityDays.map((a) => [a.date, a]));
  for (const s of slots) {
    const a = byDate.get(localDate(Date.parse(`${s.slot}:00Z`), tz));
    if (!a) continue;
    a.reviews += s.reviews;
    a.correct += s.correct;
  }

  const finished = new Set(days);
  if (todayFinished) finished.add(d.day);
  return {
    cards_learned: learned,
    cards_due_today: forecast[0]!.due,
    streak_days: streakLength(finished, d.day),
    average_recall: recallRows.length === 0 ? null : Math.round((recallSum / recallRows.length) * 1000) / 10,
    forecast,
    activity: activityDays,
  };
}

/**
 * `due_count` and `new_count` of each of the user's decks in `deckIds` for one student (the deck
 * list): cards due today (review cards due on this local day, learning cards due now) and cards
 * never answered (no daily limit applied). 400 for an unknown time zone.
 */
export async function deckReviewCounts(
  db: DbHandle,
  input: { studentId: number; deckIds: number[]; tz: string; now: Date },
): Promise<Map<number, { due_count: number; new_count: number }>> {
  requireTimeZone(input.tz);
  const endOfDay = startOfLocalDay(addDays(localDate(input.now, input.tz), 1), input.tz);
  const counts = await deckCounts(
    db,
    input.studentId,
    input.deckIds,
    input.now.toISOString(),
    new Date(endOfDay).toISOString(),
  );
  return new Map([...counts].map(([id, c]) => [id, { due_count: c.due, new_count: c.new }]));
}
