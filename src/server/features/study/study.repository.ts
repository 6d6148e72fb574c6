import type { CompiledQuery } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

/** Which save an idempotency key belongs to; one key may serve both saves of a study session. (Other features claim keys through the study service.) */
export type IdempotencyScope = 'study-session' | 'card-performance' | 'bug-report';

// Every save runs this: compiled once (src/server/db/precompiled.ts).
const claim = precompiled((db, familyId: FamilyId, scope: IdempotencyScope, key: string, now: string) =>
  db
    .insertInto('idempotency_keys')
    .values({ family_id: familyId, scope, key, created_at: now })
    .onConflict((oc) => oc.columns(['family_id', 'scope', 'key']).doNothing())
    .returning('key'),
);

/**
 * Records the key; false when it was already recorded. The primary key decides, so two concurrent
 * requests with one key cannot both win.
 */
export async function claimKey(
  db: DbHandle,
  familyId: FamilyId,
  scope: IdempotencyScope,
  key: string,
  now: string,
): Promise<boolean> {
  return (await claim(db, familyId, scope, key, now)).length > 0;
}

/**
 * The statement recording the key (not run: db/write-together.ts), answering the key when it was
 * not recorded before and nothing when it was.
 */
export function claimKeyWrite(
  db: DbHandle,
  familyId: FamilyId,
  scope: IdempotencyScope,
  key: string,
  now: string,
): CompiledQuery<{ key: string }> {
  return claim.query(db, familyId, scope, key, now);
}

/** Forgets the keys recorded before `cutoff` (ISO time). */
export async function deleteKeysBefore(db: DbHandle, cutoff: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}
