import type { IDBPDatabase } from 'idb';
import { ApiRequestError } from './api-client';
import { pageSettled } from './page-settled';

/**
 * What this device keeps to work offline (IndexedDB, one key-value store): the last known user and
 * students, and per student the deck list, the decks kept offline with their cards, the memory
 * states and the progress figures. Each value is kept with the time it was read from the server.
 * Storage failures (private mode, quota, a corrupted database) are logged and read as "nothing
 * kept": the app then behaves as it did before offline reading existed.
 */

const DB_NAME = 'flashcards-offline';
const STORE = 'kept';

/** The keys of the kept values (one place, so sign-out and pruning know them all). */
export const keptKeys = {
  me: 'me',
  students: 'students',
  deckList: (studentId: number) => `decks:${studentId}`,
  deck: (deckId: number) => `deck:${deckId}`,
  /** The ids of the decks kept for a student, in the order the deck list shows them. */
  offlineDecks: (studentId: number) => `offline-decks:${studentId}`,
  memory: (studentId: number) => `memory:${studentId}`,
  progress: (studentId: number) => `progress:${studentId}`,
};

export interface Kept<T> {
  value: T;
  /** When the server gave it (ISO-8601). */
  at: string;
}

let opened: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  // idb loads with the first read or write, after the first view has what it needs.
  opened ??= import('idb')
    .then(({ openDB }) =>
      openDB(DB_NAME, 1, {
        upgrade(database) {
          database.createObjectStore(STORE);
        },
      }),
    )
    .catch((err: unknown) => {
      opened = null;
      throw err;
    });
  return opened;
}

function warn(action: string, err: unknown) {
  // No IndexedDB at all (some test environments, very old browsers): nothing is kept, quietly.
  if (typeof indexedDB === 'undefined') return;
  console.warn(`Offline data: could not ${action}`, err);
}

export async function keepValue<T>(key: string, value: T, at = new Date()): Promise<void> {
  try {
    await (await db()).put(STORE, { value, at: at.toISOString() } satisfies Kept<T>, key);
  } catch (err) {
    warn(`keep ${key}`, err);
  }
}

export async function readKept<T>(key: string): Promise<Kept<T> | undefined> {
  try {
    return (await (await db()).get(STORE, key)) as Kept<T> | undefined;
  } catch (err) {
    warn(`read ${key}`, err);
    return undefined;
  }
}

export async function dropKept(keys: string[]): Promise<void> {
  try {
    const tx = (await db()).transaction(STORE, 'readwrite');
    await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  } catch (err) {
    warn('drop values', err);
  }
}

export async function keptKeyList(): Promise<string[]> {
  try {
    return (await (await db()).getAllKeys(STORE)).map(String);
  } catch (err) {
    warn('list values', err);
    return [];
  }
}

// Bumped by clearKept: a copy read before the device was cleared is not kept after it.
let generation = 0;

/** Forgets everything kept (sign-out: the next person on this device sees nothing of it). */
export async function clearKept(): Promise<void> {
  generation += 1;
  servedFromKept.clear();
  try {
    await (await db()).clear(STORE);
  } catch (err) {
    warn('clear', err);
  }
}

/** A request that did not reach the server (offline), as opposed to one the server refused. */
export const isNetworkError = (err: unknown) => err instanceof ApiRequestError && err.status === 0;

// Keys whose last read came from the device rather than the server, with the time of the kept value.
const servedFromKept = new Map<string, string>();

/** When the value last read for `key` was served from the device: the time it was kept; else null. */
export function keptAsOf(key: string): string | null {
  return servedFromKept.get(key) ?? null;
}

/**
 * Reads from the server and keeps the answer (unless `keep` is false); when the server cannot be
 * reached, answers the kept value instead (and rethrows when there is none).
 */
export async function readThrough<T>(key: string, fetcher: () => Promise<T>, keep = true): Promise<T> {
  try {
    const value = await fetcher();
    servedFromKept.delete(key);
    // Kept once the page has settled: opening IndexedDB is no part of showing the first screen.
    const [readIn, readAt] = [generation, new Date()];
    if (keep)
      void pageSettled().then(async () => {
        if (readIn === generation) await keepValue(key, value, readAt);
      });
    return value;
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const kept = await readKept<T>(key);
    if (kept === undefined) throw err;
    servedFromKept.set(key, kept.at);
    return kept.value;
  }
}
