import type { Db } from './database';
import type { DbHandle } from './schema';
import type { FamilyId } from '../context';

export interface TransactionOptions {
  /**
   * One consistent, read-only view of the data (an export taken while the family keeps studying:
   * no card result without its card). PostgreSQL needs REPEATABLE READ for that; SQLite's
   * transactions are snapshots already and its driver ignores these settings.
   */
  snapshot?: boolean;
}

/**
 * Runs `fn` in one transaction: everything it writes is stored, or nothing. The one place that
 * opens transactions; services call it and hand `trx` to repository functions.
 */
export function inTransaction<T>(
  db: Db,
  fn: (trx: DbHandle) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  let transaction = db.kysely.transaction();
  if (options.snapshot) transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
  return transaction.execute(fn);
}

/**
 * `inTransaction` holding the family's library lock, for changes to a family's students, decks,
 * cards and pictures: a lock on the family's row (`Actor.familyId`), so every member takes the same
 * lock. On PostgreSQL the lock serialises them, so that "check, then write" steps
 * (double import, picture still in use) cannot interleave. SQLite needs nothing: its single
 * connection already runs one transaction at a time.
 */
export function inUserTransaction<T>(db: Db, familyId: FamilyId, fn: (trx: DbHandle) => Promise<T>): Promise<T> {
  return inFamiliesTransaction(db, [familyId], fn);
}

/**
 * `inUserTransaction` holding several families' locks: a change that reads one family's library
 * and writes another's (adding a deck another family shares, while its sharer edits it). The locks
 * are taken in id order, so two such changes in opposite directions cannot deadlock.
 */
export function inFamiliesTransaction<T>(
  db: Db,
  familyIds: readonly number[],
  fn: (trx: DbHandle) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (db.dialect === 'postgres') {
      for (const id of [...new Set(familyIds)].sort((a, b) => a - b)) {
        // NO KEY UPDATE does not conflict with the KEY SHARE locks taken by inserts referencing the family.
        await trx.selectFrom('families').select('id').where('id', '=', id).forNoKeyUpdate().execute();
      }
    }
    return fn(trx);
  });
}

/** A row referenced something deleted meanwhile (PostgreSQL 23503, SQLite FOREIGNKEY). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
