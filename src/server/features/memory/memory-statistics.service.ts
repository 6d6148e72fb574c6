import {
  ACTIVITY_DAYS,
  ANSWER_MODES,
  FORECAST_DAYS,
  MODE_STATISTICS_DAYS,
  STREAK_REST_DAY_WINDOW,
} from '@shared/constants';
import { addDays, quarterHour, startOfLocalDay } from '@shared/local-day';
import type { MemoryStatistics } from '@shared/schemas/review';
import { forgettingCurveOf } from '@shared/srs';
import type { DbHandle } from '../../db/schema';
import { answersOfSlots, memoryFiguresAt, streakDays, type Answers } from './memory-statistics.repository';
import { studentScope } from './memory-sql';
import { observe, studentDay, wholeQueueFinished, type Day } from './review-queue.service';
import type { FamilyId } from '../../context';

/**
 * A student's memory statistics (the progress screen), in their local day.
 *
 * Streak: a local day is finished when the server sees, on that day, the student's whole review
 * queue (all their decks, within the day's limits) hold nothing and no learning step come due
 * before the day ends, while the student has begun learning (answered a card today, or has cards
 * coming due). The server sees it whenever the queue or these statistics are read, and records the
 * day then (streak_days), so that it stays finished whatever comes due later. The streak counts
 * consecutive finished days back from today (today counts once finished, and does not break the
 * streak while it is not), forgiving one missed day, a rest day, in any STREAK_REST_DAY_WINDOW
 * consecutive days.
 */

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

// The same for every read of one day in one zone: kept for a few hundred.
const boundsKept = new Map<string, string[]>();

/** The first UTC quarter hour of each of the ACTIVITY_DAYS days from `firstDay` on, and of the day after. */
function activityBounds(firstDay: string, tz: string): string[] {
  const key = `${tz} ${firstDay}`;
  let bounds = boundsKept.get(key);
  if (!bounds) {
    bounds = Array.from({ length: ACTIVITY_DAYS + 1 }, (_, i) =>
      quarterHour(startOfLocalDay(addDays(firstDay, i), tz)),
    );
    if (boundsKept.size >= 500) boundsKept.clear();
    boundsKept.set(key, bounds);
  }
  return bounds;
}

/**
 * `memory_statistics` of a student's progress (the user's student, else 404; 400 for an unknown
 * time zone), over the cards of their decks (archived ones left out) except the activity and the
 * answers per mode, which count every answer.
 */
export async function memoryStatistics(
  db: DbHandle,
  input: { familyId: FamilyId; studentId: number; tz: string; now: Date },
): Promise<MemoryStatistics> {
  return memoryStatisticsOfDay(db, await studentDay(db, input));
}

/** memoryStatistics of the student's day already read (studentDay: the user's student, else 404). */
export async function memoryStatisticsOfDay(db: DbHandle, d: Day): Promise<MemoryStatistics> {
  const { tz, studentId } = d;
  const firstDay = addDays(d.day, -(ACTIVITY_DAYS - 1));
  const bounds = activityBounds(firstDay, tz);
  const modesFrom = modesFromSlot(d.now);
  const ends = Array.from({ length: FORECAST_DAYS }, (_, k) =>
    new Date(startOfLocalDay(addDays(d.day, k + 1), tz)).toISOString(),
  );
  const [finishedNow, figures, answers, finishedDays] = await Promise.all([
    // A day already recorded as finished stays so (observe): its queue need not be read.
    d.finished ? false : wholeQueueFinished(db, d),
    // With the child's own forgetting curve once tuned (issue 26).
    memoryFiguresAt(
      db,
      studentScope(d.familyId),
      studentId,
      d.now.toISOString(),
      ends,
      forgettingCurveOf(d.parameters),
    ),
    answersOfSlots(db, studentId, { from: bounds[0]!, to: bounds.at(-1)!, modesFrom }),
    streakDays(db, studentId),
  ]);
  const todayFinished = await observe(db, d, finishedNow);

  const { dueBefore, recall, learned } = figures;
  const forecast = dueBefore.map((n, k) => ({
    date: addDays(d.day, k),
    due: n - (k === 0 ? 0 : dueBefore[k - 1]!),
  }));

  const finished = new Set(finishedDays);
  if (todayFinished) finished.add(d.day);
  return {
    cards_learned: learned,
    cards_due_today: forecast[0]!.due,
    streak_days: streakLength(finished, d.day),
    average_recall: recall === null ? null : Math.round(recall * 1000) / 10,
    forecast,
    activity: activityPerDay(answers.slots, firstDay, bounds),
    modes: perMode(answers.modes),
  };
}

/**
 * Answers (all decks and modes) per day of the ACTIVITY_DAYS days from `firstDay` on, from the
 * answers per quarter hour within them; `bounds` are the first UTC quarter hour of each of those
 * days and of the day after (activityBounds).
 */
function activityPerDay(slots: readonly ({ slot: string } & Answers)[], firstDay: string, bounds: readonly string[]) {
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => ({
    date: addDays(firstDay, i),
    reviews: 0,
    correct: 0,
  }));
  let i = 0;
  for (const r of slots) {
    while (r.slot >= bounds[i + 1]!) i++;
    days[i]!.reviews += r.reviews;
    days[i]!.correct += r.correct;
  }
  return days;
}

/**
 * The first UTC quarter hour of `memory_statistics.modes`: the one that began MODE_STATISTICS_DAYS
 * days before `now` (counted by quarter hour from what the saves keep, never the log).
 */
const modesFromSlot = (now: Date) => quarterHour(+now - MODE_STATISTICS_DAYS * 86_400_000);

/** `memory_statistics.modes` from the answers per mode. */
function perMode(counted: ReadonlyMap<string, Answers>): MemoryStatistics['modes'] {
  return ANSWER_MODES.map((mode) => {
    const { reviews: answers, correct } = counted.get(mode) ?? { reviews: 0, correct: 0 };
    return { mode, answers, correct, accuracy: answers === 0 ? null : Math.round((correct / answers) * 1000) / 10 };
  });
}

/** `memory_statistics.modes` alone: the student's answers per mode over the last MODE_STATISTICS_DAYS days. */
export async function modeStatistics(db: DbHandle, studentId: number, now: Date): Promise<MemoryStatistics['modes']> {
  const from = modesFromSlot(now);
  return perMode((await answersOfSlots(db, studentId, { from, to: from, modesFrom: from })).modes);
}
