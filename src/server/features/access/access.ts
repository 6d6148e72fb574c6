import type { Context, MiddlewareHandler } from 'hono';
import type { Actor, AppEnv, FamilyId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { deckUsable, studentOwned } from './access.repository';

/**
 * What a request may do, as a closed list: every API route states one (`needs`), and who holds
 * it is decided here and nowhere else. Read-only: nothing in access writes.
 */
export type Permission =
  /** Calls open to everyone: health, sign-in providers. */
  | 'public'
  /** Signing up or in (password, provider). */
  | 'session.start'
  /** The caller's own session: who is signed in, the lock state of the tablet. */
  | 'session.read'
  /** Signing out. */
  | 'session.end'
  /** Leaving child mode with the parent PIN. */
  | 'child-mode.exit'
  /** Locking a tablet to a student, setting the PIN. */
  | 'child-mode.manage'
  /** The person's own account: password, deletion, bug reports and votes. */
  | 'account.manage'
  /** The translated titles of the catalogue decks. */
  | 'catalogue.read'
  /** The family's students (names and daily limits). */
  | 'student.list'
  /** One student's review, memory and progress. */
  | 'student.read'
  /** Adding, changing, removing students; removing progress. */
  | 'student.edit'
  /** Saving a study session or answers for a student. */
  | 'student.study'
  /** A student's schedule, its tuning and reset. */
  | 'schedule.manage'
  /** Progress across the family's students. */
  | 'progress.family'
  /** The decks of the family, or of one student. */
  | 'deck.list'
  /** One deck with its cards. */
  | 'deck.read'
  /** Making, changing, archiving, duplicating, removing decks. */
  | 'deck.edit'
  /** Adding, changing, removing a deck's cards (one by one or in bulk). */
  | 'card.edit'
  /** Sharing a deck by link, adding a shared deck. */
  | 'deck.share'
  /** Pictures and recordings of the family's cards (and of decks it follows). */
  | 'media.read'
  /** Moving the family's data out or in (export, deck files, Anki). */
  | 'data.transfer'
  /** The family's members and invites: seeing, inviting, joining, leaving, removing. */
  | 'family.manage';

/** Where a route's ids are in the request: a path parameter, a query parameter or a JSON body field. */
export type IdSource = { param: string } | { query: string } | { body: string };

export interface Needs {
  permission: Permission;
  ids?: IdSource;
}

const NEEDS = Symbol('needs');
type Stating = MiddlewareHandler<AppEnv> & { [NEEDS]: Needs };

/**
 * A route states the permission it needs: `createRoute({ ..., middleware: needs('deck.read', { param: 'id' }) })`.
 * The API guard reads it (`statedBy`) before the route's validation, and asks `childMay` for a
 * locked tablet; for an adult the route's service asks the family questions of access.repository.
 */
export function needs(permission: Permission, ids?: IdSource): Stating {
  const passThrough: MiddlewareHandler<AppEnv> = (_c, next) => next();
  return Object.assign(passThrough, { [NEEDS]: { permission, ids } });
}

/** The permission a route's handler states, if it is `needs`'s. */
export function statedBy(handler: unknown): Needs | undefined {
  return typeof handler === 'function' ? (handler as Partial<Stating>)[NEEDS] : undefined;
}

/** The raw id the request names where the route says (a string from the path or query, anything from a body). */
async function rawId(c: Context<AppEnv>, source: IdSource, path: string): Promise<unknown> {
  if ('param' in source) {
    // The route's path pattern, matched against the request: its `:name` segment.
    const at = path.split('/').indexOf(`:${source.param}`);
    return at < 0 ? undefined : c.req.path.split('/')[at];
  }
  if ('query' in source) return c.req.query(source.query);
  try {
    return (JSON.parse(await c.req.text()) as Record<string, unknown>)[source.body];
  } catch {
    return undefined;
  }
}

/** Permissions a locked tablet holds whatever the ids: nothing in them concerns another student. */
const CHILD_ALWAYS: ReadonlySet<Permission> = new Set([
  'public',
  'session.read',
  'child-mode.exit',
  'catalogue.read',
  'student.list',
  'media.read',
]);

/**
 * Child mode as a rule: a tablet locked to a student may read and study that student, list and
 * read the decks that student may study, see the family's students, the catalogue and the media of
 * the family's cards, read its own session and leave child mode. It may sign out only once its
 * student is no longer the family's (no PIN can unlock it then). Anything else, and any of these
 * for another student, is refused (the API guard answers 403 `child_mode`).
 */
export async function childMay(
  db: DbHandle,
  locked: { familyId: FamilyId; childStudentId: number },
  permission: Permission,
  id: unknown,
): Promise<boolean> {
  if (CHILD_ALWAYS.has(permission)) return true;
  const own = locked.childStudentId;
  switch (permission) {
    case 'session.end':
      return !(await studentOwned(db, locked.familyId, own));
    case 'student.read':
    case 'deck.list':
      return id === String(own);
    case 'student.study':
      return id === own;
    case 'deck.read': {
      const deckId = Number(id);
      return Number.isSafeInteger(deckId) && deckUsable(db, locked.familyId, own, deckId);
    }
    default:
      return false;
  }
}

/**
 * Whether the actor may make a call stating `stated` (matched on the route's `path` pattern).
 * Adults hold every permission at this point (their services answer another family's rows like
 * missing ones); a locked tablet holds what `childMay` gives it.
 */
export async function mayCall(
  db: DbHandle,
  c: Context<AppEnv>,
  who: Actor,
  stated: Needs,
  path: string,
): Promise<boolean> {
  if (who.childStudentId === null) return true;
  const id = stated.ids ? await rawId(c, stated.ids, path) : undefined;
  return childMay(db, { familyId: who.familyId, childStudentId: who.childStudentId }, stated.permission, id);
}
