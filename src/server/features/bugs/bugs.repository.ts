import type { Bug } from '@shared/schemas/bug';
import type { DbHandle } from '../../db/schema';
import type { UserId } from '../../context';

// All SQL of the bug board: bugs, their votes and the board's settings (the admin password hash).

/** Every bug, newest first, with its vote count and the caller's vote, in one query. */
export async function list(db: DbHandle, userId: UserId): Promise<Bug[]> {
  const rows = await db
    .selectFrom('bugs')
    .select((eb) => [
      'bugs.id',
      'bugs.title',
      'bugs.description',
      'bugs.created_at',
      eb
        .selectFrom('bug_votes')
        .select((v) => v.fn.countAll<number>().as('n'))
        .whereRef('bug_votes.bug_id', '=', 'bugs.id')
        .as('upvotes'),
      eb
        .exists(
          eb
            .selectFrom('bug_votes')
            .select('bug_votes.bug_id')
            .whereRef('bug_votes.bug_id', '=', 'bugs.id')
            .where('bug_votes.user_id', '=', userId),
        )
        .as('user_has_voted'),
    ])
    .orderBy('bugs.created_at', 'desc')
    .orderBy('bugs.id', 'desc')
    .execute();
  // SQLite answers EXISTS with 0/1 and PostgreSQL with a boolean.
  return rows.map((r) => ({ ...r, upvotes: Number(r.upvotes ?? 0), user_has_voted: Boolean(r.user_has_voted) }));
}

export function insert(db: DbHandle, input: { userId: UserId; title: string; description: string; now: string }) {
  return db
    .insertInto('bugs')
    .values({ user_id: input.userId, title: input.title, description: input.description, created_at: input.now })
    .returning(['id', 'title', 'description', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The user's newest bug with this title and description (the one a retried report already created). */
export function findLatestOfUser(db: DbHandle, userId: UserId, input: { title: string; description: string }) {
  return db
    .selectFrom('bugs')
    .select(['id', 'title', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .where('title', '=', input.title)
    .where('description', '=', input.description)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function exists(db: DbHandle, bugId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('bugs').select('id').where('id', '=', bugId).executeTakeFirst());
}

/** Adds the user's vote; false when it was there already (the (bug_id, user_id) key decides). */
export async function insertVote(db: DbHandle, bugId: number, userId: UserId, now: string): Promise<boolean> {
  const row = await db
    .insertInto('bug_votes')
    .values({ bug_id: bugId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['bug_id', 'user_id']).doNothing())
    .returning('bug_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes the user's vote; false when there was none. */
export async function deleteVote(db: DbHandle, bugId: number, userId: UserId): Promise<boolean> {
  const res = await db
    .deleteFrom('bug_votes')
    .where('bug_id', '=', bugId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** Deletes the bug (its votes cascade); false when there was none. */
export async function remove(db: DbHandle, bugId: number): Promise<boolean> {
  const result = await db.deleteFrom('bugs').where('id', '=', bugId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function getSetting(db: DbHandle, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function putSetting(db: DbHandle, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Stores the value only where the key is absent; true when this call stored it. */
export async function insertSettingIfAbsent(db: DbHandle, key: string, value: string): Promise<boolean> {
  const row = await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return Boolean(row);
}

/** The user's bugs (the data export), in the order they were reported. */
export function ofUser(db: DbHandle, userId: UserId) {
  return db
    .selectFrom('bugs')
    .select(['id', 'title', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user's votes (the data export); the voted bugs may be other people's, so only their id is given. */
export function votesOfUser(db: DbHandle, userId: UserId) {
  return db
    .selectFrom('bug_votes')
    .select(['bug_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('bug_id')
    .execute();
}
