/**
 * The outbox: every study save (session counts and answers) is written here, durably, before it is
 * sent, and leaves only once the server has acknowledged it, so that answers made offline reach the
 * server exactly once (each request carries an idempotency key, so a resend counts once).
 *
 * Entries live in IndexedDB (through `idb`) and are sent oldest first, one at a time: at start-up,
 * when the browser comes back online, and right after something is queued. When IndexedDB cannot
 * be opened the queue lives in localStorage instead; when a write does not fit (quota), the entry
 * goes to localStorage, and failing that stays in memory, still sent, and the user is told.
 *
 * The tabs of a browser share the queue: one sends at a time (Web Locks), and the tab that sent an
 * entry tells the others (BroadcastChannel), so that a tab whose save another tab delivered says so.
 *
 * Each entry remembers the account that queued it. Only the signed-in account's entries are sent
 * (and counted): answers left by someone who signed out wait on the device for them to sign in
 * again, rather than reaching the server under another account, which would refuse them.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CardPerformanceInput, StudySessionInput } from '@shared/schemas/study';
import { ApiRequestError, apiFetch } from './api-client';
import { newIdempotencyKey } from './idempotency-key';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

export type OutboxRequest =
  { kind: 'study-session'; body: StudySessionInput } | { kind: 'card-performance'; body: CardPerformanceInput };

export type OutboxEntry = OutboxRequest & {
  /** The request's idempotency key; identifies the entry. */
  key: string;
  queued_at: string;
  /** The user who queued it; missing when not known (older entries), then sent by whoever is signed in. */
  account?: number;
  /** Queue order (IndexedDB's auto-increment key; assigned on add). */
  seq?: number;
};

/** Where queued entries are kept: 'local' is the localStorage fallback. */
export type OutboxStorage = 'indexeddb' | 'local';

export interface OutboxState {
  /** Whether the queue has been read (until then the counts are 0). */
  ready: boolean;
  /** Queued entries, and the answers (card results) among them. */
  entries: number;
  answers: number;
  storage: OutboxStorage;
  /** IndexedDB could not be opened, or a write did not fit. */
  problem: 'unavailable' | 'full' | null;
  /** Answers that fit nowhere on the device: lost if the page closes before they are sent. */
  unsaved: number;
  /** Answers the server refused for good (e.g. their deck was deleted), dropped since the last dismissal. */
  dropped: number;
  /** Entries acknowledged by the server since the page loaded. */
  sent: number;
}

const URLS = { 'study-session': '/api/study-sessions', 'card-performance': '/api/card-performance' } as const;

const DB_NAME = 'flashcards-outbox';
const DB_VERSION = 1;
const STORE = 'entries';

interface OutboxDb extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { key: string } };
}

/** Waits between failed sends while online (network errors, 5xx); an `online` event sends at once. */
export const SYNC_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

const answersOf = (e: OutboxRequest) => (e.kind === 'card-performance' ? e.body.card_results.length : 0);

// ---------------------------------------------------------------------------------------------
// Storage

interface Backend {
  all(): Promise<OutboxEntry[]>;
  /** Adds entries (skipping keys already queued) in one go: all are stored or none. */
  add(entries: OutboxEntry[]): Promise<void>;
  update(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

function idbBackend(db: IDBPDatabase<OutboxDb>): Backend {
  return {
    all: () => db.getAll(STORE),
    async add(entries) {
      const tx = db.transaction(STORE, 'readwrite');
      const writes = entries.map(async (e) => {
        if ((await tx.store.index('key').getKey(e.key)) === undefined) {
          const { seq: _seq, ...value } = e;
          await tx.store.add(value as OutboxEntry);
        }
      });
      try {
        await Promise.all([...writes, tx.done]);
      } catch (err) {
        // A write that does not fit aborts the transaction: its error says why (QuotaExceededError).
        throw tx.error ?? err;
      }
    },
    async update(entry) {
      await db.put(STORE, entry);
    },
    async remove(key) {
      const tx = db.transaction(STORE, 'readwrite');
      const seq = await tx.store.index('key').getKey(key);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
  };
}

function readLocal(): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('outbox') ?? '[]');
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]).filter((e) => e && typeof e.key === 'string') : [];
  } catch {
    return [];
  }
}

/** Throws when localStorage refuses the write (full, blocked), so the caller can keep the entry elsewhere. */
function writeLocal(entries: OutboxEntry[]): void {
  if (entries.length === 0) window.localStorage.removeItem(STORAGE_KEYS.outbox);
  else window.localStorage.setItem(STORAGE_KEYS.outbox, JSON.stringify(entries));
}

const localBackend: Backend = {
  all: () => Promise.resolve(readLocal()),
  add(entries) {
    const current = readLocal();
    const known = new Set(current.map((e) => e.key));
    let seq = current.reduce((max, e) => Math.max(max, e.seq ?? 0), 0);
    writeLocal([...current, ...entries.filter((e) => !known.has(e.key)).map((e) => ({ ...e, seq: ++seq }))]);
    return Promise.resolve();
  },
  update(entry) {
    writeLocal(readLocal().map((e) => (e.key === entry.key ? entry : e)));
    return Promise.resolve();
  },
  remove(key) {
    writeLocal(readLocal().filter((e) => e.key !== key));
    return Promise.resolve();
  },
};

/** Entries that fit nowhere on the device; still sent while the page is open. */
let memory: OutboxEntry[] = [];

// The queue format before the outbox (localStorage 'pendingStudySaves'): a session and its answers.
interface LegacySave {
  id: string;
  session: StudySessionInput | null;
  performance: CardPerformanceInput | null;
}

/** A request as queued: its body carries the key, so that every resend is recognised by the server. */
function entryOf(request: OutboxRequest, queuedAt: string, account?: number): OutboxEntry {
  const key = request.body.idempotency_key ?? newIdempotencyKey();
  const entry = { ...request, body: { ...request.body, idempotency_key: key }, key, queued_at: queuedAt };
  return (account === undefined ? entry : { ...entry, account }) as OutboxEntry;
}

function legacyEntries(): OutboxEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readStorage('pendingStudySaves') ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const now = new Date().toISOString();
  return (parsed as LegacySave[]).flatMap((save) => {
    if (!save || typeof save.id !== 'string') return [];
    const out: OutboxEntry[] = [];
    if (save.session)
      out.push(entryOf({ kind: 'study-session', body: { ...save.session, idempotency_key: save.id } }, now));
    if (save.performance) out.push(entryOf({ kind: 'card-performance', body: save.performance }, now));
    return out;
  });
}

let backendPromise: Promise<Backend> | null = null;

/**
 * Opens IndexedDB (falling back to localStorage) and moves into it what older versions queued in
 * localStorage; the old entries are removed only after they are stored, and keep their keys, so
 * an interrupted move neither loses nor doubles an answer.
 */
function backend(): Promise<Backend> {
  backendPromise ??= (async () => {
    let store: Backend = localBackend;
    try {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      const db = await openDB<OutboxDb>(DB_NAME, DB_VERSION, {
        upgrade(d) {
          d.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true }).createIndex('key', 'key', {
            unique: true,
          });
        },
        terminated() {
          backendPromise = null;
        },
      });
      store = idbBackend(db);
      setState({ storage: 'indexeddb' });
    } catch (err) {
      console.warn('The outbox cannot use IndexedDB; it keeps answers in localStorage', err);
      setState({ storage: 'local', problem: 'unavailable' });
    }
    const legacy = legacyEntries();
    // Only once they are stored does the old queue go; kept in memory only, it stays for next time.
    if (legacy.length > 0 && (await storeIn(store, legacy))) writeStorage('pendingStudySaves', null);
    if (store !== localBackend) {
      const local = readLocal();
      if (local.length > 0) {
        try {
          await store.add(local);
          writeLocal([]);
        } catch {
          /* they stay in localStorage and are sent from there */
        }
      }
    }
    return store;
  })();
  return backendPromise;
}

/**
 * Whose entries are sent: a user id, null when signed out (nothing is sent), undefined until the
 * app says (every entry is sent, as before entries knew their account).
 */
let account: number | null | undefined;

/** Whether an entry is the signed-in account's to send. */
const ours = (e: OutboxEntry) =>
  account === undefined || (account !== null && (e.account === undefined || e.account === account));

/** Every queued entry, wherever it is kept, oldest first. */
async function allEntries(): Promise<{ entry: OutboxEntry; from: Backend | null }[]> {
  const store = await backend();
  const stored = (await store.all()).map((entry) => ({ entry, from: store as Backend | null }));
  // Spilled into localStorage when IndexedDB was full (or not moved yet).
  const extra = store === localBackend ? [] : readLocal().map((entry) => ({ entry, from: localBackend }));
  const all = [...stored, ...extra, ...memory.map((entry) => ({ entry, from: null }))];
  return all.sort((a, b) => a.entry.queued_at.localeCompare(b.entry.queued_at));
}

const isQuota = (err: unknown) => (err as { name?: unknown } | null)?.name === 'QuotaExceededError';

/** Stores entries in `main`, else localStorage, else memory; false when only memory took them. */
async function storeIn(main: Backend, entries: OutboxEntry[]): Promise<boolean> {
  try {
    await main.add(entries);
    return true;
  } catch (err) {
    console.error('Could not queue answers in the outbox', err);
    setState({ problem: isQuota(err) ? 'full' : (state.problem ?? 'unavailable') });
  }
  if (main !== localBackend) {
    try {
      await localBackend.add(entries);
      return true;
    } catch {
      /* localStorage is full or blocked too */
    }
  }
  memory = [...memory, ...entries.filter((e) => !memory.some((m) => m.key === e.key))];
  return false;
}

// ---------------------------------------------------------------------------------------------
// State for the UI

let state: OutboxState = {
  ready: false,
  entries: 0,
  answers: 0,
  storage: 'indexeddb',
  problem: null,
  unsaved: 0,
  dropped: 0,
  sent: 0,
};
const listeners = new Set<() => void>();

function setState(patch: Partial<OutboxState>) {
  if (Object.entries(patch).every(([k, v]) => state[k as keyof OutboxState] === v)) return;
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const outboxState = (): OutboxState => state;

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function recount(): Promise<void> {
  const all = (await allEntries()).filter(({ entry }) => ours(entry));
  setState({
    ready: true,
    entries: all.length,
    answers: all.reduce((n, { entry }) => n + answersOf(entry), 0),
    unsaved: memory.filter(ours).reduce((n, e) => n + answersOf(e), 0),
  });
}

export const dismissDropped = () => setState({ dropped: 0 });

// ---------------------------------------------------------------------------------------------
// Other tabs

interface Notice {
  key: string;
  outcome: 'saved' | 'rejected';
}

let channel: BroadcastChannel | null = null;

/** The channel the tabs tell each other what they sent on; null where BroadcastChannel is missing. */
function tabs(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(DB_NAME);
  channel.onmessage = (e: MessageEvent<Notice>) => {
    if (typeof e.data?.key !== 'string' || (e.data.outcome !== 'saved' && e.data.outcome !== 'rejected')) return;
    learnFromAnotherTab(e.data.key, e.data.outcome);
    void recount().catch(() => undefined);
  };
  // Node's channel (tests) would otherwise keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return channel;
}

/** Runs `send` while no other tab of this browser sends the queue; as is where Web Locks are missing. */
function oneTabAtATime(send: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('flashcards-outbox-send', send) : send();
}

/** The answers waiting in the outbox, oldest first (the review queue computed offline applies them). */
export async function queuedAnswers(): Promise<CardPerformanceInput[]> {
  return (await allEntries()).flatMap(({ entry }) =>
    entry.kind === 'card-performance' && ours(entry) ? [entry.body] : [],
  );
}

// What happened to the requests queued on this page, by key.
const outcomes = new Map<string, 'saved' | 'rejected'>();

/** 'waiting' while the request is queued (or unknown to this page). */
export const outcomeOf = (key: string) => outcomes.get(key) ?? 'waiting';

/** Keys queued on this page (once stored) whose outcome it does not know yet. */
const queuedHere = new Set<string>();

/** Records what became of a request, and tells the page; false when it was known already. */
function learn(key: string, outcome: 'saved' | 'rejected'): boolean {
  queuedHere.delete(key);
  if (outcomes.get(key) === outcome) return false;
  outcomes.set(key, outcome);
  for (const l of listeners) l();
  return true;
}

/** What another tab sent: a save counts as sent here too, so that pages showing progress refresh. */
function learnFromAnotherTab(key: string, outcome: 'saved' | 'rejected') {
  if (learn(key, outcome) && outcome === 'saved') setState({ sent: state.sent + 1 });
}

/**
 * A request queued here that is no longer queued was sent by another tab. Its notice says how it
 * went; without one (no BroadcastChannel, or not delivered yet) it was most likely saved, as
 * refusals for good are rare. Called only while holding the lock, i.e. once that tab is done.
 */
function settleGone(queued: readonly { entry: OutboxEntry }[]) {
  const still = new Set(queued.map(({ entry }) => entry.key));
  for (const key of queuedHere) if (!still.has(key)) learnFromAnotherTab(key, 'saved');
}

// ---------------------------------------------------------------------------------------------
// Sending

type SendOutcome = 'saved' | 'retry' | 'rejected';

/** Worth sending again later: network, timeouts, signed out, rate limits, server errors. */
const isTransient = (err: unknown) =>
  !(err instanceof ApiRequestError) || ![400, 404, 409, 410, 413, 422].includes(err.status);

/** A 400 that names an answer's reviewed_at: too far from the server's clock. */
const refusesAnswerTimes = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 400 && err.fields.some((f) => /\breviewed_at$/.test(f.field));

async function sendOne(entry: OutboxEntry, from: Backend | null): Promise<SendOutcome> {
  try {
    try {
      await apiFetch(URLS[entry.kind], { json: entry.body });
    } catch (err) {
      if (entry.kind !== 'card-performance' || !refusesAnswerTimes(err)) throw err;
      // A device whose clock is far off, or answers kept offline past the server's limit: they
      // still count, at the server's time, rather than being lost. The key is the same (the
      // refused request stored nothing), and the change is kept in case this send fails too.
      const card_results = entry.body.card_results.map(({ reviewed_at: _, ...r }) => r);
      const retimed: OutboxEntry = { ...entry, body: { ...entry.body, card_results } };
      await from?.update(retimed);
      if (!from) memory = memory.map((e) => (e.key === entry.key ? retimed : e));
      await apiFetch(URLS[entry.kind], { json: retimed.body });
    }
    return 'saved';
  } catch (err) {
    if (isTransient(err)) return 'retry';
    console.error('The server refused a queued study save; it is dropped', err);
    return 'rejected';
  }
}

let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function drain(): Promise<void> {
  clearTimeout(retryTimer);
  for (;;) {
    again = false;
    const queued = await allEntries();
    settleGone(queued);
    const next = queued.find(({ entry }) => ours(entry));
    if (!next) break;
    if (offline()) break; // the `online` event sends again
    const outcome = await sendOne(next.entry, next.from);
    if (outcome === 'retry') {
      const delay = SYNC_RETRY_DELAYS_MS[Math.min(failures++, SYNC_RETRY_DELAYS_MS.length - 1)]!;
      retryTimer = setTimeout(() => void flushOutbox(), delay);
      break;
    }
    failures = 0;
    if (next.from) await next.from.remove(next.entry.key);
    else memory = memory.filter((e) => e.key !== next.entry.key);
    learn(next.entry.key, outcome);
    tabs()?.postMessage({ key: next.entry.key, outcome } satisfies Notice);
    setState(
      outcome === 'saved' ? { sent: state.sent + 1 } : { dropped: state.dropped + Math.max(answersOf(next.entry), 1) },
    );
    await recount();
  }
  await recount();
}

/** Sends the queue, oldest first, one at a time, until it is empty or a send fails. */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      await oneTabAtATime(drain).catch((err: unknown) => {
        // Storage failed under us (e.g. the entry could not be removed): try again later.
        console.error('Sending the outbox failed', err);
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void flushOutbox(), SYNC_RETRY_DELAYS_MS.at(-1));
      });
    } while (again && !offline());
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

let persistAsked = false;

/** Asks once that the browser keep this site's storage (the queue) rather than evict it under pressure. */
function askPersistence() {
  if (persistAsked) return;
  persistAsked = true;
  const s = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!s?.persist) return;
  void (s.persisted ? s.persisted() : Promise.resolve(false)).then((yes) => yes || s.persist()).catch(() => undefined);
}

/**
 * Says who is signed in (null: nobody): their entries are the ones sent and counted from now on.
 * Entries queued under another account stay on the device until it signs in here again.
 */
export function setOutboxAccount(id: number | null): void {
  if (id === account) return;
  account = id;
  failures = 0;
  if (id !== null && started) void flushOutbox();
  else void recount().catch(() => undefined);
}

/**
 * Queues requests (durably, before anything is sent) for the signed-in account (when known) and
 * sends the queue; resolves after that attempt, with each request's idempotency key (see `outcomeOf`).
 */
export async function sendThroughOutbox(requests: readonly OutboxRequest[], by?: number): Promise<string[]> {
  const queuedAt = new Date().toISOString();
  // Whoever queues is signed in: their entries are the ones to send.
  if (by !== undefined) setOutboxAccount(by);
  const entries = requests.map((r) => entryOf(r, queuedAt, by));
  askPersistence();
  await storeIn(await backend(), entries);
  tabs();
  for (const e of entries) if (!outcomes.has(e.key)) queuedHere.add(e.key);
  await recount();
  await flushOutbox();
  return entries.map((e) => e.key);
}

let started = false;

function onOnline() {
  failures = 0;
  void flushOutbox();
}

/** At start-up: reads (and migrates) the queue, sends it, and sends again whenever the browser is back online. */
export function startOutbox(): Promise<void> {
  if (!started) {
    started = true;
    tabs();
    window.addEventListener('online', onOnline);
  }
  return flushOutbox();
}

/** Stops sending in the background (no retry timer, no `online` listener); the queue stays. */
export function stopOutbox(): void {
  started = false;
  window.removeEventListener('online', onOnline);
  clearTimeout(retryTimer);
  channel?.close();
  channel = null;
}
