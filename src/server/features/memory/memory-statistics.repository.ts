import { PostgresAdapter, sql } from 'kysely';
import { FORGETTING_CURVE } from '@shared/srs';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';
import { scoped, type InScope, type Scope } from './memory-sql';

/** The SQL of a student's memory statistics (the progress screen). */

// Cards due before each of the given times, counted per interval between them (one pass, few groups).
const dueByInterval = scoped((db: DbHandle, studentId: number, inScope: InScope, ...ends: string[]) =>
  db
    .selectFrom('memory_states')
    .select((eb) => {
      const interval = ends
        .slice(1)
        .reduce(
          (c, end, k) => c.when('memory_states.due', '<', end).then(k + 1),
          eb.case().when('memory_states.due', '<', ends[0]!).then(0),
        )
        .end();
      return [interval.as('k'), eb.fn.countAll<number>().as('n')];
    })
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', 'in', ['learning', 'review', 'relearning'])
    .where('memory_states.due', '<', ends.at(-1)!)
    .where(inScope)
    .groupBy('k'),
);

/** For each of the ascending ISO times `ends`, how many cards are due before it. */
export async function countDueBefore(db: DbHandle, scope: Scope, studentId: number, ends: string[]): Promise<number[]> {
  const perInterval = ends.map(() => 0);
  for (const r of await dueByInterval(db, scope, studentId, ...ends)) perInterval[Number(r.k)] = Number(r.n);
  let total = 0;
  return perInterval.map((n) => (total += n));
}

const onPostgres = (db: DbHandle) => db.getExecutor().adapter instanceof PostgresAdapter;

// Whole days since each card's last review, as ts-fsrs counts them (floor of elapsed ms / day),
// from exact milliseconds on both databases. `now` is epoch ms on PostgreSQL, where the review
// time comes from the memory_states_recall index (migration 0018) without parsing a row.
const daysSinceReview = (db: DbHandle, now: string | number) =>
  onPostgres(db)
    ? sql<number>`greatest(0, floor((cast(${now} as double precision) - iso_epoch_ms(memory_states.last_review)) / 86400000))`
    : sql<number>`max(0, (cast(round(unixepoch(${now}, 'subsec') * 1000) as integer) - cast(round(unixepoch(memory_states.last_review, 'subsec') * 1000) as integer)) / 86400000)`;

// Mean predicted recall, computed by the database: a student may know tens of thousands of cards;
// and, in the same pass, how many of them are in review (learnt). On PostgreSQL both come from
// the memory_states_recall index alone (migrations 0018 and 0021).
const recallMean = scoped(
  (db: DbHandle, studentId: number, inScope: InScope, now: string | number, factor: number, decay: number) =>
    db
      .selectFrom('memory_states')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.countAll<number>().filterWhere('memory_states.state', '=', 'review').as('learned'),
        sql<
          number | null
        >`avg(power(1 + cast(${factor} as double precision) * ${daysSinceReview(db, now)} / memory_states.stability, cast(${decay} as double precision)))`.as(
          'mean',
        ),
      ])
      .where('memory_states.student_id', '=', studentId)
      .where(inScope),
);

/**
 * The mean predicted recall (0–1) at `now` of the cards of the scope, null when there are none,
 * and how many of them are in review (learnt); `curve` is the student's forgetting curve
 * (forgettingCurveOf their parameters), the defaults' when absent.
 */
export async function recallAndLearned(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  now: string,
  curve: Readonly<{ factor: number; decay: number }> = FORGETTING_CURVE,
): Promise<{ recall: number | null; learned: number }> {
  const at = onPostgres(db) ? Date.parse(now) : now;
  const row = (await recallMean(db, scope, studentId, at, curve.factor, curve.decay))[0];
  return {
    recall: row && Number(row.n) > 0 ? Number(row.mean) : null,
    learned: Number(row?.learned ?? 0),
  };
}

// The answers per UTC quarter hour (all decks summed) between two slots: one range of the
// (student, slot, reviews, correct) index, the same statement (and plan) whatever the zone or day.
// A busy student has a few quarter hours a day, so 12 weeks are at most a few hundred rows.
const activityOfSlots = precompiled((db, studentId: number, from: string, to: string) =>
  db
    .selectFrom('review_activity')
    .select((eb) => ['slot', eb.fn.sum<number>('reviews').as('reviews'), eb.fn.sum<number>('correct').as('correct')])
    .where('student_id', '=', studentId)
    .where('slot', '>=', from)
    .where('slot', '<', to)
    .groupBy('slot')
    .orderBy('slot'),
);

/**
 * Answers (all decks) per day: `bounds` are the first UTC quarter hour of each day and of the day
 * after the last (ascending); each day with answers comes back with its first slot as `day`.
 */
export async function activityPerDay(
  db: DbHandle,
  studentId: number,
  bounds: string[],
): Promise<{ day: string; reviews: number; correct: number }[]> {
  const days: { day: string; reviews: number; correct: number }[] = [];
  let i = 0;
  for (const r of await activityOfSlots(db, studentId, bounds[0]!, bounds.at(-1)!)) {
    while (r.slot >= bounds[i + 1]!) i++;
    let day = days.at(-1);
    if (!day || day.day !== bounds[i]) days.push((day = { day: bounds[i]!, reviews: 0, correct: 0 }));
    day.reviews += Number(r.reviews);
    day.correct += Number(r.correct);
  }
  return days;
}

const daysOfStudent = precompiled((db, studentId: number) =>
  db.selectFrom('streak_days').select('day').where('student_id', '=', studentId).orderBy('day', 'desc'),
);

/** The days the student finished their review, latest first. */
export async function streakDays(db: DbHandle, studentId: number): Promise<string[]> {
  return (await daysOfStudent(db, studentId)).map((r) => r.day);
}
