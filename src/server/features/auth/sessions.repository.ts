import type { Insertable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle, SessionsTable } from '../../db/schema';

// All SQL of sign-in sessions (the cookie and the timeouts are http/sessions.ts's).

/**
 * The session whose token has this hash: zero or one row. Runs on every request, so compiled once
 * (src/server/db/precompiled.ts) and called directly.
 */
export const findByTokenHash = precompiled((db, tokenHash: string) =>
  db.selectFrom('sessions').select(['id', 'user_id', 'last_seen_at', 'expires_at']).where('token_hash', '=', tokenHash),
);

export async function insert(db: DbHandle, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Records that the session was used at `now`. */
export async function touch(db: DbHandle, id: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function remove(db: DbHandle, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function removeByTokenHash(db: DbHandle, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}
