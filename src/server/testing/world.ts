import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { findCatalogueDeck } from '../catalogue/index';
import type { Db } from '../db/database';
import { tableColumns } from '../db/migrations/table-columns';
import type { Agent, TestApp, TestResponse } from './harness';
import { makeAudio } from './audio';
import { cardForm, makeJpeg } from './images';

/** Every table of the schema, for counts and snapshots. */
export const TABLES = [
  'users',
  'identities',
  'password_credentials',
  'sessions',
  'students',
  'decks',
  'cards',
  'images',
  'audio',
  'study_sessions',
  'card_results',
  'review_logs',
  'memory_states',
  'new_card_cursors',
  'review_activity',
  'streak_days',
  'idempotency_keys',
  'bugs',
  'bug_votes',
  'app_settings',
  'families',
  'family_members',
  'family_invites',
] as const;
export type Table = (typeof TABLES)[number];

/**
 * Row counts of every table in one query (the harness's tableCounts issues one per table; the
 * fuzzer checks thousands of times, so one round trip matters on PostgreSQL).
 */
export async function countRows(db: Db): Promise<Record<Table, number>> {
  const parts = TABLES.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`);
  const { rows } = await sql<Record<Table, number | string>>`select ${sql.join(parts)}`.execute(db.kysely);
  const row = rows[0]!;
  return Object.fromEntries(TABLES.map((name) => [name, Number(row[name])])) as Record<Table, number>;
}

export type Row = Record<string, unknown>;
export type Snapshot = Record<Table, Row[]>;

/** The columns a snapshot reads of each table: all but the bytes of pictures and recordings (read once per database). */
const snapshotColumns = new WeakMap<Db, Promise<Record<Table, string[]>>>();
function columnsOf(db: Db): Promise<Record<Table, string[]>> {
  let known = snapshotColumns.get(db);
  if (!known) {
    known = (async () => {
      const out = {} as Record<Table, string[]>;
      for (const name of TABLES) {
        out[name] = (await tableColumns(db.kysely as Kysely<unknown>, db.dialect, name)).filter((c) => c !== 'data');
      }
      return out;
    })();
    snapshotColumns.set(db, known);
  }
  return known;
}

/** Each snapshot's rows as one string, made once while the snapshot is taken (sameSnapshot compares them). */
const digests = new WeakMap<Snapshot, string>();

/** Every row of every table (pictures by key and size, not bytes), to prove that nothing changed. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const columns = await columnsOf(db);
  const out = {} as Snapshot;
  const digest: string[] = [];
  for (const name of TABLES) {
    const rows = (
      await sql<Row>`select ${sql.join(columns[name].map((c) => sql.ref(c)))} from ${sql.table(name)}`.execute(
        db.kysely,
      )
    ).rows;
    // Sorted by content so that two snapshots compare equal whatever order the database returns.
    const keyed = rows
      .map((r) => [JSON.stringify(r), r] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    out[name] = keyed.map(([, r]) => r);
    digest.push(name, ...keyed.map(([k]) => k));
  }
  digests.set(out, digest.join('\n'));
  return out;
}

/** Whether two snapshots hold the same rows. */
export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  const [x, y] = [digests.get(a), digests.get(b)];
  if (x === undefined || y === undefined) throw new Error('sameSnapshot compares snapshots taken by snapshot()');
  return x === y;
}

/**
 * The rows of `snap` that belong to a person: their own (account, sign-ins, sessions, bugs, votes)
 * and their family's (students, decks, pictures, recordings, everything under them, memberships and
 * invites).
 */
export function ownedBy(snap: Snapshot, person: { id: number; familyId: number }): Partial<Snapshot> {
  const mine = (r: Row) => r.user_id === person.id;
  const ours = (r: Row) => r.family_id === person.familyId;
  const students = new Set(snap.students.filter(ours).map((r) => r.id));
  const decks = new Set(snap.decks.filter(ours).map((r) => r.id));
  const bugs = new Set(snap.bugs.filter(mine).map((r) => r.id));
  return {
    users: snap.users.filter((r) => r.id === person.id),
    identities: snap.identities.filter(mine),
    password_credentials: snap.password_credentials.filter(mine),
    sessions: snap.sessions.filter(mine),
    students: snap.students.filter(ours),
    decks: snap.decks.filter(ours),
    cards: snap.cards.filter((r) => decks.has(r.deck_id)),
    images: snap.images.filter(ours),
    audio: snap.audio.filter(ours),
    study_sessions: snap.study_sessions.filter((r) => students.has(r.student_id)),
    card_results: snap.card_results.filter((r) => students.has(r.student_id)),
    review_logs: snap.review_logs.filter((r) => students.has(r.student_id)),
    memory_states: snap.memory_states.filter((r) => students.has(r.student_id)),
    new_card_cursors: snap.new_card_cursors.filter((r) => students.has(r.student_id)),
    review_activity: snap.review_activity.filter((r) => students.has(r.student_id)),
    streak_days: snap.streak_days.filter((r) => students.has(r.student_id)),
    idempotency_keys: snap.idempotency_keys.filter(ours),
    // The board is shared: others may vote on the owner's bug, so the votes are not the owner's rows.
    bugs: snap.bugs.filter((r) => bugs.has(r.id)),
    bug_votes: snap.bug_votes.filter(mine),
    families: snap.families.filter((r) => r.id === person.familyId),
    family_members: snap.family_members.filter((r) => r.user_id === person.id || ours(r)),
    family_invites: snap.family_invites.filter(ours),
  };
}

/** A refusal as the API promises it: JSON `{ error, code }` with both fields strings. */
export function isApiError(res: TestResponse): boolean {
  const b = res.body as { error?: unknown; code?: unknown } | null;
  return (
    (res.headers.get('content-type') ?? '').startsWith('application/json') &&
    b !== null &&
    typeof b === 'object' &&
    typeof b.error === 'string' &&
    b.error.length > 0 &&
    typeof b.code === 'string' &&
    b.code.length > 0
  );
}

export function expectApiError(res: TestResponse, status?: number): void {
  if (status !== undefined) expect(res.status, res.text).toBe(status);
  expect(isApiError(res), `not an { error, code } body: ${res.status} ${res.text.slice(0, 200)}`).toBe(true);
}

export interface RawInit {
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
  cookie?: string;
  /** The client's socket address as the Node server would see it. */
  remoteAddress?: string;
  /** Send a Content-Length header for string and byte bodies, as every HTTP/1.1 client does (default true). */
  contentLength?: boolean;
}

/**
 * One request to the app as it arrives over the wire: with Content-Length for string and byte
 * bodies and the socket's address, which the harness's in-process requests do not carry.
 */
export async function sendRaw(t: TestApp, method: string, path: string, init: RawInit = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined && !(init.body instanceof FormData) && init.contentLength !== false) {
    headers['content-length'] = String(
      typeof init.body === 'string' ? Buffer.byteLength(init.body) : init.body.byteLength,
    );
  }
  const env = { incoming: { socket: { remoteAddress: init.remoteAddress ?? '192.0.2.10' } } };
  const res = await t.app.request(
    `http://localhost${path}`,
    { method, headers, body: init.body as BodyInit | undefined },
    env,
  );
  const type = res.headers.get('content-type') ?? '';
  const text = /^(image|audio)\//.test(type) ? '' : await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

let pictures = 0;
/** A small photo, a different one at every call (pictures are stored by content). */
export const smallJpeg = () => {
  const n = ++pictures;
  return makeJpeg(48, 32, { color: `#${((n * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}` });
};

let recordings = 0;
/** A short recording, a different one at every call (recordings are stored by content). */
export const smallRecording = () =>
  makeAudio('webm-mediarecorder', { seconds: 0.5, hz: 300 + 7 * ++recordings, plain: true });

/** One object of every kind, owned by one user, each carrying `mark` where it holds text. */
export interface World {
  mark: string;
  student: number;
  deck: number;
  card: number;
  imageKey: string;
  /** The recording of the card's English side. */
  audioKey: string;
  importedDeck: number;
  importedCard: number;
  /** An imported deck whose cards were not imported yet. */
  emptyImportedDeck: number;
  bug: number;
  /** An open invite to the owner's family. */
  invite: { id: number; code: string };
  /** A deck shared by link (shown to anyone signed in, so its text carries no mark) and its code. */
  sharedDeck: number;
  shareCode: string;
}

async function ok<T = { id: number }>(res: Promise<TestResponse<T>>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture request failed: ${r.status} ${r.text}`);
  return r.body;
}

/** Builds a World for `owner` through the API, as the client would. */
export async function buildWorld(owner: Agent, mark: string): Promise<World> {
  const student = (await ok(owner.post('/api/students', { name: `Kid ${mark}`, age: 7 }))).id;
  const deck = (await ok(owner.post('/api/decks', { title: `Deck ${mark}`, student_id: student }))).id;
  const form = cardForm({ deck_id: deck, en: `cat ${mark}`, es: `gato ${mark}` }, { bytes: await smallJpeg() });
  form.append('en_audio', new Blob([new Uint8Array(await smallRecording())], { type: 'audio/webm' }), 'cat.webm');
  const card = await ok<{ id: number; front_image_key: string; en_audio_key: string }>(
    owner.form('POST', '/api/cards', form),
  );
  const importedDeck = (
    await ok(
      owner.post('/api/decks', {
        title: 'Section 1 Week 1',
        student_id: student,
        is_imported: true,
        original_deck_id: 'section-1-week-1',
      }),
    )
  ).id;
  const filled = await ok<{ cards: { id: number }[] }>(
    owner.post(`/api/decks/${importedDeck}/import-cards`, { cards: catalogueCards('section-1-week-1') }),
  );
  const emptyImportedDeck = (
    await ok(
      owner.post('/api/decks', {
        title: 'Section 1 Week 2',
        student_id: student,
        is_imported: true,
        original_deck_id: 'section-1-week-2',
      }),
    )
  ).id;
  await ok(
    owner.post('/api/study-sessions', {
      student_id: student,
      deck_id: deck,
      cards_studied: 1,
      cards_mastered: 1,
      cards_not_mastered: 0,
      accuracy_percentage: 100,
      study_duration_seconds: 30,
    }),
  );
  await ok(
    owner.post('/api/card-performance', {
      student_id: student,
      card_results: [{ card_id: card.id, is_correct: true }],
    }),
  );
  // Bugs are shown to everyone by design, so their text carries no mark.
  const bug = (await ok(owner.post('/api/bugs', { title: 'Audio is silent', description: 'No sound on iPad' }))).id;
  // One open invite per world: earlier worlds' invites are revoked (a family may hold only a few).
  for (const { id } of (await ok<{ invites: { id: number }[] }>(owner.get('/api/family'))).invites)
    await ok(owner.del(`/api/family/invites/${id}`));
  const invite = await ok<{ id: number; code: string }>(owner.post('/api/family/invites'));
  const sharedDeck = (await ok(owner.post('/api/decks', { title: 'Shared deck' }))).id;
  await ok(owner.form('POST', '/api/cards', cardForm({ deck_id: sharedDeck, en: 'sun', es: 'sol' })));
  const shareCode = (await ok<{ code: string }>(owner.post(`/api/decks/${sharedDeck}/share`))).code;
  return {
    mark,
    student,
    deck,
    card: card.id,
    imageKey: card.front_image_key,
    audioKey: card.en_audio_key,
    importedDeck,
    importedCard: filled.cards[0]!.id,
    emptyImportedDeck,
    bug,
    invite: { id: invite.id, code: invite.code },
    sharedDeck,
    shareCode,
  };
}

/** The cards of a catalogue deck, as the client posts them to import-cards. */
export function catalogueCards(id: string) {
  return findCatalogueDeck(id)!.cards;
}
