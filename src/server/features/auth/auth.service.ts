import type { User } from '@shared/schemas/user';
import type { AppDeps } from '../../context';
import { ApiError, conflict } from '../../http/errors';
import { authRepository, type UserRow } from './auth.repository';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { OidcProfile } from './oidc';

/** The current-user object of GET /api/users/me. */
export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    google_user_data: { picture: row.picture, given_name: row.given_name, name: row.name },
  };
}

/** Sign-up, sign-in and account rules. */
export function authService(deps: AppDeps) {
  const repo = authRepository(deps.db.kysely);
  return {
    async signup(input: { email: string; password: string; name: string }): Promise<User> {
      if (await repo.emailTaken(input.email.toLowerCase())) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const user = await repo.createPasswordUser({ ...input, passwordHash, now: deps.now().toISOString() });
      if (!user) throw emailTaken();
      return toUserJson(user);
    },

    /** Returns the user for a correct email and password; one 401 for every kind of failure. */
    async login(input: { email: string; password: string }): Promise<User> {
      const row = await repo.findPasswordUser(input.email.toLowerCase());
      const ok = await verifyPassword(row?.password_hash, input.password);
      if (!row || !ok) throw new ApiError(401, 'invalid_credentials', 'Incorrect email or password');
      return toUserJson(row);
    },

    oidcSignIn(provider: string, profile: OidcProfile): Promise<number> {
      return repo.upsertOidcUser({ provider, ...profile, now: deps.now().toISOString() });
    },

    async me(userId: number): Promise<User | undefined> {
      const row = await repo.findUser(userId);
      return row && toUserJson(row);
    },

    deleteAccount: (userId: number) => repo.deleteUser(userId),
  };
}

const emailTaken = () => conflict('An account with this email already exists', 'email_taken');
