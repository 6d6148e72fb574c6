import { sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { DbHandle, ScheduleTuningsTable } from '../../db/schema';
import type { Insertable, Selectable, Updateable } from 'kysely';

/** All SQL of `student_schedules` and `schedule_tunings` (issue 26), and the review-log reads tuning needs. */

export type TuningRow = Selectable<ScheduleTuningsTable>;

/** How many answers the student's log holds, and the times of the first and last. */
export async function logSize(db: DbHandle, studentId: number) {
  const row = await db
    .selectFrom('review_logs')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('reviewed_at').as('first'),
      eb.fn.max('reviewed_at').as('last'),
    ])
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), first: row.first as string | null, last: row.last as string | null };
}

/** The student's whole review log, in the order it was given. */
export function reviewLog(db: DbHandle, studentId: number) {
  return db
    .selectFrom('review_logs')
    .select(['card_id', 'rating', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
}

export function scheduleOf(db: DbHandle, studentId: number) {
  return db.selectFrom('student_schedules').selectAll().where('student_id', '=', studentId).executeTakeFirst();
}

/** The parameters of the students that have their own (the rest use the defaults). */
// Read by every save (the scheduler of the student's answers): compiled once (db/precompiled.ts).
const parametersOfStudent = precompiled((db, studentId: number) =>
  db.selectFrom('student_schedules').select('parameters').where('student_id', '=', studentId),
);
export async function parametersOf(db: DbHandle, studentId: number) {
  return (await parametersOfStudent(db, studentId))[0];
}

export async function saveSchedule(
  db: DbHandle,
  row: { student_id: number; parameters: string; tuned_at: string; reviews_used: number; tuning_id: number },
) {
  await db
    .insertInto('student_schedules')
    .values(row)
    .onConflict((oc) =>
      oc.column('student_id').doUpdateSet({
        parameters: row.parameters,
        tuned_at: row.tuned_at,
        reviews_used: row.reviews_used,
        tuning_id: row.tuning_id,
      }),
    )
    .execute();
}

export async function deleteSchedule(db: DbHandle, studentId: number): Promise<void> {
  await db.deleteFrom('student_schedules').where('student_id', '=', studentId).execute();
}

/** The student's tuning waiting or running, if any. */
export function openTuning(db: DbHandle, studentId: number) {
  return db
    .selectFrom('schedule_tunings')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/** The student's latest tuning that ran to an evaluation (kept or not). */
export function latestEvaluated(db: DbHandle, studentId: number) {
  return db
    .selectFrom('schedule_tunings')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('status', '=', 'done')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function tuningById(db: DbHandle, id: number) {
  return db.selectFrom('schedule_tunings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The student's latest tuning of any status. */
export function latestTuning(db: DbHandle, studentId: number) {
  return db
    .selectFrom('schedule_tunings')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Queues a tuning; undefined when one already waits or runs for the student (the partial unique index). */
export async function queueTuning(
  db: DbHandle,
  row: Pick<Insertable<ScheduleTuningsTable>, 'student_id' | 'trigger' | 'requested_at'>,
): Promise<number | undefined> {
  try {
    const inserted = await db
      .insertInto('schedule_tunings')
      .values({ ...row, status: 'queued' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/**
 * Claims the oldest waiting tuning for `worker`, atomically: one instance gets it. PostgreSQL skips
 * rows another instance is claiming (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time.
 */
export async function claimNext(db: DbHandle, dialect: Dialect, worker: string, now: string) {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<TuningRow>`
    update schedule_tunings set status = 'running', started_at = ${now}, claimed_by = ${worker}
    where id = (select id from schedule_tunings where status = 'queued' order by requested_at, id limit 1 ${lock})
      and status = 'queued'
    returning *`.execute(db);
  return result.rows[0];
}

/** Puts back in the queue the tunings an instance started before `before` and never finished (it stopped). */
export async function requeueStale(db: DbHandle, before: string): Promise<number> {
  const res = await db
    .updateTable('schedule_tunings')
    .set({ status: 'queued', claimed_by: null, started_at: null })
    .where('status', '=', 'running')
    .where('started_at', '<', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Records how a tuning ended; only the instance that claimed it may (another may have re-queued it). */
export async function finishTuning(
  db: DbHandle,
  id: number,
  worker: string,
  fields: Updateable<ScheduleTuningsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('schedule_tunings')
    .set(fields)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', worker)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Students the weekly run should tune: at least `minReviews` answers, no tuning waiting or running,
 * none requested since `since`, and at least `minNew` answers more than the last tuning saw.
 *
 * Read every hour, so it never scans the review log: a student's answers are counted from
 * review_activity (kept by every save, one row per deck, quarter hour and mode; its covering
 * index starts with the student), and only for students that may be due. A student whose last
 * tuning (done or refused) came before any answer the server can still have stored since is
 * skipped from one index probe: an answer saved after that tuning read the log is dated at most
 * `maxAgeMs` (REVIEWED_AT_MAX_AGE_MS) before it, so no activity in a quarter hour from
 * `maxAgeMs` before the request on means no new answer.
 */
export async function dueForTuning(
  db: DbHandle,
  dialect: Dialect,
  opts: { minReviews: number; minNew: number; since: string; limit: number; maxAgeMs: number },
): Promise<number[]> {
  const days = Math.ceil(opts.maxAgeMs / 86_400_000);
  // The quarter hour ('YYYY-MM-DDTHH:MM', as review_activity.slot) `days` before the last request.
  const windowStart =
    dialect === 'postgres'
      ? sql`to_char((c.last_at::timestamptz - make_interval(days => ${days})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`
      : sql`strftime('%Y-%m-%dT%H:%M', c.last_at, ${`-${days} days`})`;
  const rows = await sql<{ student_id: number }>`
    select c.student_id from (
      select s.id as student_id,
        (select max(t.log_reviews) from schedule_tunings t
          where t.student_id = s.id and t.status in ('done', 'refused')) as seen,
        (select max(t.requested_at) from schedule_tunings t
          where t.student_id = s.id and t.status in ('done', 'refused')) as last_at
      from students s
      where not exists (
        select 1 from schedule_tunings t
        where t.student_id = s.id and (t.status in ('queued', 'running') or t.requested_at >= ${opts.since}))
    ) c
    where (c.last_at is null
        or exists (select 1 from review_activity a where a.student_id = c.student_id and a.slot >= ${windowStart}))
      and (select coalesce(sum(a.reviews), 0) from review_activity a where a.student_id = c.student_id)
        >= case when coalesce(c.seen, 0) + ${opts.minNew} > ${opts.minReviews}
          then coalesce(c.seen, 0) + ${opts.minNew} else ${opts.minReviews} end
    order by c.student_id
    limit ${opts.limit}`.execute(db);
  return rows.rows.map((r) => Number(r.student_id));
}
