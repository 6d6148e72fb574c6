import type { Insertable } from 'kysely';
import type { DbHandle, FamilyInvitesTable } from '../../db/schema';
import type { FamilyId, UserId } from '../../context';

// All SQL of families, memberships and invites, and the one re-parenting of a family's rows (moveFamilyData);
// who may see or change a row is access's.

/** A new family with nobody in it yet; its id. */
export async function insertFamily(db: DbHandle, now: string): Promise<number> {
  const row = await db.insertInto('families').values({ created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a family nobody is in any more, and with it (by cascade) its data; false when someone still is. */
export async function deleteEmptyFamily(db: DbHandle, familyId: FamilyId): Promise<boolean> {
  const result = await db
    .deleteFrom('families')
    .where('id', '=', familyId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('family_members').select('user_id').where('family_id', '=', familyId))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes the person the holder of the family they are in. */
export async function makeHolder(db: DbHandle, userId: UserId): Promise<void> {
  await db.updateTable('family_members').set({ role: 'holder' }).where('user_id', '=', userId).execute();
}

/** The person's membership row (every person has one). */
export function membershipOf(db: DbHandle, userId: UserId) {
  return db
    .selectFrom('family_members')
    .select(['family_id', 'role', 'joined_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Members of the family with their names, longest-standing first. */
export function membersOf(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('family_members')
    .innerJoin('users', 'users.id', 'family_members.user_id')
    .select(['family_members.user_id', 'users.name', 'family_members.role', 'family_members.joined_at'])
    .where('family_members.family_id', '=', familyId)
    .orderBy('family_members.joined_at')
    .orderBy('family_members.user_id')
    .execute();
}

export async function userName(db: DbHandle, userId: UserId): Promise<string | undefined> {
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;
}

/** Makes the person a member (or the holder) of the family, replacing any membership they had. */
export async function setMembership(
  db: DbHandle,
  userId: UserId,
  familyId: FamilyId,
  role: 'holder' | 'member',
  now: string,
): Promise<void> {
  await db.deleteFrom('family_members').where('user_id', '=', userId).execute();
  await db
    .insertInto('family_members')
    .values({ user_id: userId, family_id: familyId, role, joined_at: now })
    .execute();
}

/** True when the person had a membership row in that family and it is gone. */
export async function removeMember(db: DbHandle, userId: UserId, familyId: FamilyId): Promise<boolean> {
  const result = await db
    .deleteFrom('family_members')
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The person is in no family but their own (their row may name any family). */
export async function deleteMembership(db: DbHandle, userId: UserId): Promise<void> {
  await db.deleteFrom('family_members').where('user_id', '=', userId).execute();
}

export async function insertInvite(db: DbHandle, invite: Insertable<FamilyInvitesTable>): Promise<number> {
  const row = await db.insertInto('family_invites').values(invite).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The family's invites still usable at `now`, newest first. */
export function openInvitesOf(db: DbHandle, familyId: FamilyId, now: string) {
  return db
    .selectFrom('family_invites')
    .innerJoin('users', 'users.id', 'family_invites.created_by')
    .select([
      'family_invites.id',
      'users.name as created_by_name',
      'family_invites.created_at',
      'family_invites.expires_at',
    ])
    .where('family_invites.family_id', '=', familyId)
    .where('family_invites.used_at', 'is', null)
    .where('family_invites.revoked_at', 'is', null)
    .where('family_invites.expires_at', '>', now)
    .orderBy('family_invites.id', 'desc')
    .execute();
}

/** The invite with this code hash if it is still usable at `now`. */
export function usableInvite(db: DbHandle, codeHash: string, now: string) {
  return db
    .selectFrom('family_invites')
    .select(['id', 'family_id'])
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses the invite up; false when another join used it first. */
export async function markUsed(db: DbHandle, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('family_invites')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes one of the family's open invites; false when there is none with that id. */
export async function revokeInvite(db: DbHandle, familyId: FamilyId, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('family_invites')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('family_id', '=', familyId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Moves every student, deck, picture and recording of family `from` to family `to` (a person
 * alone in their family joins another): the one re-parenting of `family_id`. A picture or
 * recording `to` already stores under the same content key is the same bytes: cards find it by
 * key, so `from`'s copy is dropped rather than broken on the unique key. The parent PIN and the
 * Anki mappings come along only where `to` has none of its own (a family keeps its own when
 * someone joins it).
 */
export async function moveFamilyData(db: DbHandle, from: FamilyId, to: FamilyId): Promise<void> {
  for (const table of ['images', 'audio'] as const) {
    await db
      .deleteFrom(table)
      .where('family_id', '=', from)
      .where('key', 'in', db.selectFrom(table).select('key').where('family_id', '=', to))
      .execute();
    await db.updateTable(table).set({ family_id: to }).where('family_id', '=', from).execute();
  }
  await db.updateTable('students').set({ family_id: to }).where('family_id', '=', from).execute();
  await db.updateTable('decks').set({ family_id: to }).where('family_id', '=', from).execute();
  await db
    .deleteFrom('child_mode_pins')
    .where('family_id', '=', from)
    .where((eb) => eb.exists(db.selectFrom('child_mode_pins').select('family_id').where('family_id', '=', to)))
    .execute();
  await db.updateTable('child_mode_pins').set({ family_id: to }).where('family_id', '=', from).execute();
  await db
    .deleteFrom('anki_mappings')
    .where('family_id', '=', from)
    .where('note_type', 'in', db.selectFrom('anki_mappings').select('note_type').where('family_id', '=', to))
    .execute();
  await db.updateTable('anki_mappings').set({ family_id: to }).where('family_id', '=', from).execute();
}
