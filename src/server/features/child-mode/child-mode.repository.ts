import type { DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

// All SQL of child_mode_pins (the session's lock is auth/sessions.repository.ts's).

/** The family's PIN hash, if one is set. */
export async function findPinHash(db: DbHandle, familyId: FamilyId): Promise<string | undefined> {
  const row = await db
    .selectFrom('child_mode_pins')
    .select('pin_hash')
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return row?.pin_hash;
}

/** Stores the family's PIN hash, replacing any earlier one. */
export async function upsertPinHash(db: DbHandle, familyId: FamilyId, pinHash: string, now: string): Promise<void> {
  await db
    .insertInto('child_mode_pins')
    .values({ family_id: familyId, pin_hash: pinHash, updated_at: now })
    .onConflict((oc) => oc.column('family_id').doUpdateSet({ pin_hash: pinHash, updated_at: now }))
    .execute();
}
