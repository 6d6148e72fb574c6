import type { Context } from 'hono';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import { deckUsable, studentOwned } from '../features/access';
import { forbidden } from './errors';

/** Whether a request that matched an allowlist entry is for the locked student. */
type StudentCheck = (
  c: Context<AppEnv>,
  user: SessionUser & { childStudentId: number },
  deps: AppDeps,
) => Promise<boolean>;

interface Allowed {
  method: string;
  pattern: RegExp;
  /** Absent: the call concerns no student (the session, pictures of the family's cards). */
  student?: StudentCheck;
}

const isChild = (id: string | undefined, user: { childStudentId: number }) => id === String(user.childStudentId);

const bodyStudent: StudentCheck = async (c, user) => {
  try {
    const body = JSON.parse(await c.req.text()) as { student_id?: unknown };
    return body.student_id === user.childStudentId;
  } catch {
    return false;
  }
};

/**
 * What a session in child mode may do: the child's screens (home, today's review, study, progress)
 * and leaving child mode. Everything else, including every route added later, is refused.
 */
export const CHILD_MODE_ALLOWLIST: Allowed[] = [
  { method: 'GET', pattern: /^\/api\/health$/ },
  { method: 'GET', pattern: /^\/api\/auth\/providers$/ },
  { method: 'GET', pattern: /^\/api\/users\/me$/ },
  { method: 'GET', pattern: /^\/api\/child-mode$/ },
  { method: 'POST', pattern: /^\/api\/child-mode\/exit$/ },
  // Sign-out only when the locked student is no longer the family's (its adult left or was removed): no PIN
  // can unlock that device, and signing in again (password or provider) is the safe way out.
  {
    method: 'GET',
    pattern: /^\/api\/logout$/,
    student: async (_c, user, deps) => !(await studentOwned(deps.db.kysely, user.familyId, user.childStudentId)),
  },
  // The same for everyone: the translated titles of catalogue decks.
  { method: 'GET', pattern: /^\/api\/catalogue$/ },
  // Names and daily limits of the family's students: the child's home shows its own.
  { method: 'GET', pattern: /^\/api\/students$/ },
  { method: 'GET', pattern: /^\/api\/decks$/, student: async (c, user) => isChild(c.req.query('student_id'), user) },
  {
    method: 'GET',
    pattern: /^\/api\/decks\/[^/]+$/,
    student: (c, user, deps) => {
      const id = Number(c.req.path.split('/')[3]);
      return Number.isSafeInteger(id)
        ? deckUsable(deps.db.kysely, user.familyId, user.childStudentId, id)
        : Promise.resolve(false);
    },
  },
  // Content-addressed blobs of the family's cards, served to the family only.
  { method: 'GET', pattern: /^\/api\/images\/[^/]+$/ },
  { method: 'GET', pattern: /^\/api\/audio\/[^/]+$/ },
  {
    method: 'GET',
    pattern: /^\/api\/students\/[^/]+\/review$/,
    student: async (c, user) => isChild(c.req.path.split('/')[3], user),
  },
  // The memory the device keeps for studying offline (today's review computed on the device).
  {
    method: 'GET',
    pattern: /^\/api\/students\/[^/]+\/memory-states$/,
    student: async (c, user) => isChild(c.req.path.split('/')[3], user),
  },
  {
    method: 'GET',
    pattern: /^\/api\/progress\/[^/]+$/,
    student: async (c, user) => isChild(c.req.path.split('/')[3], user),
  },
  { method: 'POST', pattern: /^\/api\/study-sessions$/, student: bodyStudent },
  { method: 'POST', pattern: /^\/api\/card-performance$/, student: bodyStudent },
];

const refused = () => forbidden('Not available in child mode', 'child_mode');

/**
 * Refuses, with 403 `child_mode`, every request of a session in child mode that the allowlist does
 * not name, or names for another student. Called by the API guard after the session is loaded;
 * costs nothing for sessions not in child mode.
 */
export function childModeCheck(deps: AppDeps): (c: Context<AppEnv>) => Promise<void> {
  return async (c) => {
    const user = c.get('user');
    if (!user || user.childStudentId === null) return;
    const locked = { ...user, childStudentId: user.childStudentId };
    const entry = CHILD_MODE_ALLOWLIST.find((a) => a.method === c.req.method && a.pattern.test(c.req.path));
    if (!entry) throw refused();
    if (entry.student && !(await entry.student(c, locked, deps))) throw refused();
  };
}
