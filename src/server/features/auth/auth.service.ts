import type { User } from '@shared/schemas/user';
import type { Actor, AppDeps, UserId } from '../../context';
import { inTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, conflict } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { unlinkAllFollowingDecks } from '../decks';
import { deleteEmptyFamily, prepareAccountDeletion, startFamily } from '../families';
import * as repo from './auth.repository';
import type { OidcProfile } from './oidc';

/** The current-user object of GET /api/users/me. */
export function toUserJson(row: repo.UserRow): User & { id: UserId } {
  return {
    id: row.id as UserId,
    email: row.email,
    name: row.name,
    google_user_data: { picture: row.picture, given_name: row.given_name, name: row.name },
  };
}

/** Sign-up, sign-in and account rules. */
export function authService(deps: AppDeps) {
  const db = deps.db.kysely;
  return {
    async signup(input: { email: string; password: string; name: string }): Promise<User & { id: UserId }> {
      const emailNormalized = input.email.toLowerCase();
      if (await repo.emailTaken(db, emailNormalized)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const now = deps.now().toISOString();
      const user = await inTransaction(deps.db, async (trx) => {
        const row = await repo.insertUser(trx, {
          email: input.email,
          email_normalized: emailNormalized,
          name: input.name,
          given_name: input.name.split(/\s+/)[0] ?? input.name,
          picture: null,
          created_at: now,
        });
        if (row) {
          await repo.insertPassword(trx, row.id as UserId, passwordHash, now);
          await startFamily(trx, row.id as UserId, now);
        }
        return row;
      });
      if (!user) throw emailTaken();
      return toUserJson(user);
    },

    /** Returns the user for a correct email and password; one 401 for every kind of failure. */
    async login(input: { email: string; password: string }): Promise<User & { id: UserId }> {
      const row = await repo.findPasswordUser(db, input.email.toLowerCase());
      const ok = await verifyPassword(row?.password_hash, input.password);
      if (!row || !ok) throw new ApiError(401, 'invalid_credentials', 'Incorrect email or password');
      return toUserJson(row);
    },

    /** Finds the user linked to (provider, subject), or creates one; refreshes the profile. */
    oidcSignIn(provider: string, profile: OidcProfile): Promise<UserId> {
      const now = deps.now().toISOString();
      const fields = { name: profile.name, given_name: profile.givenName, picture: profile.picture };
      return inTransaction(deps.db, async (trx) => {
        const linked = await repo.identityUser(trx, provider, profile.subject);
        if (linked !== undefined) {
          await repo.updateProfile(trx, linked, fields);
          return linked;
        }
        // A provider's email is not proof of owning a local account with that email, so a new
        // identity gets its own user; email_normalized stays free when already taken.
        const emailNormalized = profile.email ? profile.email.toLowerCase() : null;
        const taken = emailNormalized !== null && (await repo.emailTaken(trx, emailNormalized));
        const user = await repo.insertUser(trx, {
          ...fields,
          email: profile.email,
          email_normalized: taken ? null : emailNormalized,
          created_at: now,
        });
        if (!user) throw new Error('The email was taken while signing in');
        const id = user.id as UserId;
        await repo.insertIdentity(trx, id, provider, profile.subject, now);
        await startFamily(trx, id, now);
        return id;
      });
    },

    async me(who: Pick<Actor, 'id'>): Promise<User | undefined> {
      const row = await repo.findUser(db, who.id);
      return row && toUserJson(row);
    },

    /** Deletes the person; a family they leave behind keeps its data (families.service). */
    deleteAccount: (who: Pick<Actor, 'id' | 'familyId'>) =>
      inUserTransaction(deps.db, who.familyId, async (trx) => {
        const userId = who.id;
        const emptied = await prepareAccountDeletion(trx, userId);
        // Decks other families added by link are theirs to keep (issue 17).
        if (emptied !== null) await unlinkAllFollowingDecks(trx, emptied, deps.now().toISOString());
        await repo.deleteUser(trx, userId);
        if (emptied !== null) await deleteEmptyFamily(trx, emptied);
      }),
  };
}

const emailTaken = () => conflict('An account with this email already exists', 'email_taken');
