import type { Insertable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle, SessionsTable } from '../../db/schema';

// All SQL of sign-in sessions (the cookie and the timeouts are http/sessions.ts's).

/**
 * The session whose token has this hash: zero or one row. Runs on every request, so compiled once
 * (src/server/db/precompiled.ts) and called directly.
 */
export const findByTokenHash = precompiled((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    // The family too, in the same query.
    .leftJoin('family_members', 'family_members.user_id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.child_student_id',
      'family_members.family_id',
      'family_members.role',
    ])
    .where('sessions.token_hash', '=', tokenHash),
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

/** Locks the session to a student (child mode), or unlocks it with null. */
export async function setChildStudent(db: DbHandle, id: number, studentId: number | null): Promise<void> {
  await db.updateTable('sessions').set({ child_student_id: studentId }).where('id', '=', id).execute();
}
