import type { Context, MiddlewareHandler } from 'hono';
import { idParamSchema, idSchema } from '@shared/schemas/common';
import type { Actor, AppEnv, FamilyId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { forbidden, notFound, type ApiError } from '../../http/errors';
import {
  cardsOfFamily,
  decksOfFamily,
  decksReadable,
  deckUsable,
  peopleOfFamily,
  studentOwned,
  studentsOfFamily,
} from './access.repository';

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
  /** Making, changing, archiving, duplicating, removing decks; adding cards to them (one by one, in bulk, the catalogue's). */
  | 'deck.edit'
  /** Changing and removing cards. */
  | 'card.edit'
  /** Sharing a deck by link, adding a shared deck. */
  | 'deck.share'
  /** Pictures and recordings of the family's cards (and of decks it follows). */
  | 'media.read'
  /** Moving the family's data out or in (export, deck files, Anki). */
  | 'data.transfer'
  /** The family's members and invites: seeing, inviting, joining, leaving. */
  | 'family.manage'
  /** Removing a person from the family: the holder's alone. */
  | 'family.hold';

/**
 * Where a route's id is in the request (a path parameter, a query parameter or a JSON body field),
 * and the message of the 404 that refuses it: the one the route's service gave before access
 * decided, so that another family's row answers exactly like a missing one.
 */
export type IdSource = ({ param: string } | { query: string } | { body: string }) & { missing: string };

export interface Needs {
  permission: Permission;
  ids?: IdSource;
}

const NEEDS = Symbol('needs');
type Stating = MiddlewareHandler<AppEnv> & { [NEEDS]: Needs };

/**
 * A route states the permission it needs, and where the id it names is:
 * `createRoute({ ..., middleware: needs('deck.read', { param: 'id', missing: 'No such deck' }) })`.
 * The API guard reads it (`statedBy`) before the route's validation and asks `may` for an adult,
 * `childMay` for a locked tablet (`refusalOfCall`).
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

/** One question of access.repository: those of a set of ids the family holds, in one statement. */
type Ask = (db: DbHandle, familyId: FamilyId, ids: never) => Promise<readonly unknown[]>;

/**
 * What a permission's ids name, and the question that answers for them. A permission absent here
 * names no objects. Media routes name content keys, not ids: the media service decides them in the
 * same lookup that reads the bytes (the family's own, or `sharedMediaOwner` for a followed deck's).
 */
const ASKED: Partial<Record<Permission, Ask>> = {
  'student.read': studentsOfFamily,
  'student.edit': studentsOfFamily,
  'student.study': studentsOfFamily,
  'schedule.manage': studentsOfFamily,
  'deck.list': studentsOfFamily,
  'deck.read': decksReadable,
  'deck.edit': decksOfFamily,
  'deck.share': decksOfFamily,
  'data.transfer': decksOfFamily,
  'card.edit': cardsOfFamily,
  'family.hold': peopleOfFamily,
};

/**
 * Whether an adult may do `permission` on every one of `ids` (one statement for the whole set, none
 * when the permission names no objects or the set is empty): the family's students (read, edit,
 * study, schedule, list their decks); decks the family has (edit, share, export) or also reads
 * because one of its decks follows them (read); cards of the family's own decks, not of a
 * followed original (edit); people of the family, for its holder only (family.hold). Read-only. A locked tablet is asked `childMay`.
 */
export async function may(db: DbHandle, who: Actor, permission: Permission, ids: readonly number[]): Promise<boolean> {
  if (permission === 'family.hold' && who.role !== 'holder') return false;
  const ask = ASKED[permission];
  if (!ask || ids.length === 0) return true;
  const wanted = [...new Set<unknown>(ids)];
  const held = new Set(await ask(db, who.familyId, wanted as never));
  return wanted.every((id) => held.has(id));
}

/** The id a request names where its route says, when it parses as the route's validation will parse it. */
async function idOf(c: Context<AppEnv>, source: IdSource, path: string): Promise<number | undefined> {
  const parsed =
    'body' in source
      ? idSchema.safeParse(await rawId(c, source, path))
      : idParamSchema.safeParse(await rawId(c, source, path));
  return parsed.success ? parsed.data : undefined;
}

/** How an adult is refused: as today's service refused (404 like a missing row; 403 for a member removing people). */
function refusal(who: Actor, stated: Needs): ApiError {
  if (stated.permission === 'family.hold' && who.role !== 'holder')
    return forbidden('Only the family holder may remove members', 'not_holder');
  return notFound(stated.ids?.missing);
}

/**
 * The API guard's question for a call stating `stated` (matched on the route's `path` pattern):
 * undefined when the actor may make it, else the refusal to answer. An adult is asked `may` for
 * the id the route names; an id that does not parse is left to the route's validation (400). A
 * locked tablet is asked `childMay` (403 `child_mode`).
 */
export async function refusalOfCall(
  db: DbHandle,
  c: Context<AppEnv>,
  who: Actor,
  stated: Needs,
  path: string,
): Promise<ApiError | undefined> {
  if (who.childStudentId !== null) {
    const id = stated.ids ? await rawId(c, stated.ids, path) : undefined;
    const locked = { familyId: who.familyId, childStudentId: who.childStudentId };
    return (await childMay(db, locked, stated.permission, id))
      ? undefined
      : forbidden('Not available in child mode', 'child_mode');
  }
  const id = stated.ids && (await idOf(c, stated.ids, path));
  if (stated.ids && id === undefined) return undefined;
  return (await may(db, who, stated.permission, id === undefined ? [] : [id])) ? undefined : refusal(who, stated);
}
