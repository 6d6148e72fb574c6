import { hash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv, FamilyId, StudentId, UserId } from '../context';
import { sessions } from '../features/auth';
import { unauthorized } from './errors';

/** Refresh last_seen_at at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

export const sessionCookieName = (deps: AppDeps) => (deps.config.secureCookies ? '__Host-session' : 'session');

const hashToken = (token: string) => hash('sha256', token, 'hex');

function cookieOptions(deps: AppDeps) {
  return { httpOnly: true, sameSite: 'Lax' as const, secure: deps.config.secureCookies, path: '/' };
}

/** Starts a new session for the user with a fresh token, ending the request's previous one. */
export async function startSession(deps: AppDeps, c: Context, userId: UserId): Promise<void> {
  // Only the row: clearing the cookie too would send two Set-Cookie headers for one name
  // (RFC 6265 4.1.1 says not to), and a client keeping the first would hold an empty session.
  await deleteSessionRow(deps, c);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await sessions.insert(deps.db.kysely, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + deps.config.sessionMaxMs).toISOString(),
  });
  setCookie(c, sessionCookieName(deps), token, {
    ...cookieOptions(deps),
    maxAge: Math.floor(deps.config.sessionMaxMs / 1000),
  });
}

/** Deletes the request's session row, if it carries a session cookie; true when it did. */
async function deleteSessionRow(deps: AppDeps, c: Context): Promise<boolean> {
  const token = getCookie(c, sessionCookieName(deps));
  if (!token) return false;
  await sessions.removeByTokenHash(deps.db.kysely, hashToken(token));
  return true;
}

/** Deletes the request's session on the server and clears its cookie. */
export async function endSession(deps: AppDeps, c: Context): Promise<void> {
  if (await deleteSessionRow(deps, c)) deleteCookie(c, sessionCookieName(deps), cookieOptions(deps));
}

/** Longer than any token startSession makes: such a cookie is not looked up. */
const TOKEN_MAX_LENGTH = 100;
/** A token as startSession makes them (base64url). */
const PLAIN_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * The session cookie's value. The usual header is that cookie alone, `name=token`, whose value
 * hono's parser would return unchanged (no quotes, spaces or %-escapes in a base64url token): read
 * it directly, a few µs less per request. Anything else goes through the parser.
 */
function sessionToken(c: Context, name: string): string | undefined {
  const header = c.req.header('cookie');
  if (!header) return undefined;
  if (header.startsWith(name) && header.charCodeAt(name.length) === 61 /* = */) {
    const value = header.slice(name.length + 1);
    if (PLAIN_TOKEN.test(value)) return value;
  }
  return getCookie(c, name);
}

/**
 * Resolves the session cookie to `c.var.user` (null when absent, unknown or expired). A function
 * the API guard calls (http/api-guard.ts), not a middleware of its own: one layer less per request.
 */
export function sessionLoader(deps: AppDeps): (c: Context<AppEnv>) => Promise<void> {
  const cookieName = sessionCookieName(deps);
  return async (c) => {
    c.set('user', null);
    const token = sessionToken(c, cookieName);
    if (!token || token.length > TOKEN_MAX_LENGTH) return;
    const [row] = await sessions.findByTokenHash(deps.db.kysely, hashToken(token));
    if (!row) return;
    const now = deps.now();
    const nowMs = now.getTime();
    const lastSeenMs = Date.parse(row.last_seen_at);
    // The stored times are toISOString() output, so comparing them as times is comparing them as
    // strings, without formatting two ISO strings per request (Date.prototype.toISOString is slow).
    // Every person is in a family (migration 0017); one who is not is not signed in.
    if (row.family_id === null) return;
    if (Date.parse(row.expires_at) > nowMs && lastSeenMs > nowMs - deps.config.sessionIdleMs) {
      c.set('user', {
        id: row.user_id as UserId,
        sessionId: row.id,
        familyId: row.family_id as FamilyId,
        role: row.role === 'member' ? 'member' : 'holder',
        childStudentId: row.child_student_id as StudentId | null,
      });
      if (nowMs - lastSeenMs > TOUCH_INTERVAL_MS) {
        await sessions.touch(deps.db.kysely, row.id, now.toISOString());
      }
    } else {
      await sessions.remove(deps.db.kysely, row.id);
    }
  };
}

/** 401 unless the request carries a live session. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthorized();
  await next();
};

/** Locks the request's session to one student (child mode: features/access, `childMay`), or unlocks it with null. */
export async function setSessionChildStudent(deps: AppDeps, sessionId: number, studentId: number | null) {
  await sessions.setChildStudent(deps.db.kysely, sessionId, studentId);
}
