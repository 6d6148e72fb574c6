import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** One counter: attempts in the current window, when the window ends and when the last one came (ms). */
export interface Counter {
  count: number;
  windowEnd: number;
  lastAt: number;
}

const toCounter = (row: { count: number; window_end: number | string; last_at: number | string }): Counter => ({
  count: Number(row.count),
  windowEnd: Number(row.window_end),
  lastAt: Number(row.last_at),
});

/** Counts one attempt for `key`, starting a new window when the last one has ended (one atomic statement). */
export async function hitCounter(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<Counter> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_end: now + windowMs, last_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_end <= ${now} then 1 else rate_limits.count + 1 end`,
        window_end: sql<number>`case when rate_limits.window_end <= ${now} then ${now + windowMs} else rate_limits.window_end end`,
        last_at: now,
      }),
    )
    .returning(['count', 'window_end', 'last_at'])
    .executeTakeFirstOrThrow();
  return toCounter(row);
}

/** The counter of `key` if its window is still open. */
export async function readCounter(db: Kysely<Database>, key: string, now: number): Promise<Counter | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_end', 'last_at'])
    .where('key', '=', key)
    .where('window_end', '>', now)
    .executeTakeFirst();
  return row ? toCounter(row) : null;
}

/** Takes back one counted attempt (e.g. one that turned out to be a successful sign-in). */
export async function decrementCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Forgets every counter whose window ended before `now`. */
export async function deleteEndedCounters(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_end', '<=', now).execute();
}
