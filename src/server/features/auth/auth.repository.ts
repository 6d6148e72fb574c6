import type { Insertable, Selectable } from 'kysely';
import type { DbHandle, UsersTable } from '../../db/schema';
import type { UserId } from '../../context';

// All SQL of accounts and sign-in: users, identities and password credentials.

/** A user as the API shows them. */
export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'email' | 'name' | 'given_name' | 'picture'>;

const userColumns = ['id', 'email', 'name', 'given_name', 'picture'] as const;
const qualifiedUserColumns = userColumns.map((c) => `users.${c}` as const);

export function findUser(db: DbHandle, id: UserId): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** The user signing in with this (lower-cased) email and a password, with the password's hash. */
export function findPasswordUser(db: DbHandle, emailNormalized: string) {
  return db
    .selectFrom('users')
    .innerJoin('password_credentials', 'password_credentials.user_id', 'users.id')
    .select([...qualifiedUserColumns, 'password_credentials.password_hash'])
    .where('users.email_normalized', '=', emailNormalized)
    .executeTakeFirst();
}

export async function emailTaken(db: DbHandle, emailNormalized: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  return Boolean(row);
}

/** Stores a new user; undefined when the normalised email is taken meanwhile (race-safe). */
export function insertUser(db: DbHandle, user: Insertable<UsersTable>): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returning(userColumns)
    .executeTakeFirst();
}

export async function insertPassword(db: DbHandle, userId: UserId, passwordHash: string, now: string): Promise<void> {
  await db
    .insertInto('password_credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .execute();
}

/** The user linked to this provider's subject, if any. */
export async function identityUser(db: DbHandle, provider: string, subject: string): Promise<UserId | undefined> {
  const row = await db
    .selectFrom('identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id as UserId | undefined;
}

export async function insertIdentity(
  db: DbHandle,
  userId: UserId,
  provider: string,
  subject: string,
  now: string,
): Promise<void> {
  await db.insertInto('identities').values({ user_id: userId, provider, subject, created_at: now }).execute();
}

export async function updateProfile(
  db: DbHandle,
  userId: UserId,
  profile: Pick<UsersTable, 'name' | 'given_name' | 'picture'>,
): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', userId).execute();
}

/** Deletes the user; foreign keys cascade to everything they own, sessions included. */
export async function deleteUser(db: DbHandle, id: UserId): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The user's whole profile (the data export). */
export function profileForExport(db: DbHandle, userId: UserId) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Linked sign-in providers (the data export); the subject is the user's id there, not a secret. */
export function identitiesOf(db: DbHandle, userId: UserId) {
  return db
    .selectFrom('identities')
    .select(['provider', 'subject', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Whether a password is set (the hash itself never leaves the server). */
export async function hasPassword(db: DbHandle, userId: UserId): Promise<boolean> {
  const row = await db
    .selectFrom('password_credentials')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}
