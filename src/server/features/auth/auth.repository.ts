import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type UserRow = {
  id: number;
  email: string | null;
  name: string;
  given_name: string | null;
  picture: string | null;
};

const userColumns = ['users.id', 'users.email', 'users.name', 'users.given_name', 'users.picture'] as const;

/** All SQL of sign-in: users, identities and password credentials. */
export function authRepository(db: Kysely<Database>) {
  return {
    findUser(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    findPasswordUser(emailNormalized: string) {
      return db
        .selectFrom('users')
        .innerJoin('password_credentials', 'password_credentials.user_id', 'users.id')
        .select([...userColumns, 'password_credentials.password_hash'])
        .where('users.email_normalized', '=', emailNormalized)
        .executeTakeFirst();
    },

    async emailTaken(emailNormalized: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Creates a user with a password; returns undefined when the email is taken (race-safe). */
    async createPasswordUser(input: { email: string; name: string; passwordHash: string; now: string }) {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: input.email,
            email_normalized: input.email.toLowerCase(),
            name: input.name,
            given_name: input.name.split(/\s+/)[0] ?? input.name,
            picture: null,
            created_at: input.now,
          })
          .onConflict((oc) => oc.column('email_normalized').doNothing())
          .returning(
            userColumns.map((c) => c.replace('users.', '')) as ['id', 'email', 'name', 'given_name', 'picture'],
          )
          .executeTakeFirst();
        if (!user) return undefined;
        await trx
          .insertInto('password_credentials')
          .values({ user_id: user.id, password_hash: input.passwordHash, updated_at: input.now })
          .execute();
        return user;
      });
    },

    /** Finds the user linked to (provider, subject), or creates one; refreshes the profile. */
    async upsertOidcUser(input: {
      provider: string;
      subject: string;
      email: string | null;
      name: string;
      givenName: string | null;
      picture: string | null;
      now: string;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const identity = await trx
          .selectFrom('identities')
          .select('user_id')
          .where('provider', '=', input.provider)
          .where('subject', '=', input.subject)
          .executeTakeFirst();
        const profile = { name: input.name, given_name: input.givenName, picture: input.picture };
        if (identity) {
          await trx.updateTable('users').set(profile).where('id', '=', identity.user_id).execute();
          return identity.user_id;
        }
        // A provider's email is not proof of owning a local account with that email, so
        // a new identity gets its own user; email_normalized stays free when already taken.
        const taken = input.email
          ? await trx
              .selectFrom('users')
              .select('id')
              .where('email_normalized', '=', input.email.toLowerCase())
              .executeTakeFirst()
          : undefined;
        const user = await trx
          .insertInto('users')
          .values({
            ...profile,
            email: input.email,
            email_normalized: input.email && !taken ? input.email.toLowerCase() : null,
            created_at: input.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('identities')
          .values({ user_id: user.id, provider: input.provider, subject: input.subject, created_at: input.now })
          .execute();
        return user.id;
      });
    },

    /** Deletes the user; foreign keys cascade to everything they own, sessions included. */
    async deleteUser(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
    },
  };
}
