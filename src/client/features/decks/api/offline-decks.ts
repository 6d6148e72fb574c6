import { useCallback, useSyncExternalStore } from 'react';
import type { DeckListItem } from '@shared/schemas/deck';
import { keptKeys, readKept } from '@client/lib/offline-store';
import { readStorage, writeStorage } from '@client/lib/storage';

// The decks marked "Keep on this device": a choice of this device (not of the account), so it
// lives in localStorage and survives sign-out.
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: readonly number[] } = { raw: null, ids: [] };

/** The ids of the decks marked "Keep on this device" here. */
export function markedDeckIds(): readonly number[] {
  const raw = readStorage('offlineDecks');
  if (raw !== cache.raw) {
    let ids: number[] = [];
    try {
      const parsed: unknown = JSON.parse(raw ?? '[]');
      if (Array.isArray(parsed)) ids = parsed.filter((id): id is number => Number.isInteger(id));
    } catch {
      ids = [];
    }
    cache = { raw, ids };
  }
  return cache.ids;
}

/** Marks or unmarks a deck "Keep on this device". */
export function markDeckOffline(deckId: number, on: boolean): void {
  const ids = markedDeckIds().filter((id) => id !== deckId);
  writeStorage('offlineDecks', JSON.stringify(on ? [...ids, deckId] : ids));
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a deck is marked or unmarked "Keep on this device". */
export function subscribeMarkedDecks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribe = subscribeMarkedDecks;

/** Whether the deck is marked "Keep on this device", and a toggle. */
export function useKeptOnDevice(deckId: number): [boolean, () => void] {
  const ids = useSyncExternalStore(subscribe, markedDeckIds, markedDeckIds);
  const kept = ids.includes(deckId);
  const toggle = useCallback(() => markDeckOffline(deckId, !kept), [deckId, kept]);
  return [kept, toggle];
}

/**
 * The decks to keep on the device for a student: those marked here and those studied in the last
 * days (`recent`), in the deck list's order, at most `max`; marked ones first when there are more.
 */
export function decksToKeep(list: DeckListItem[], recent: ReadonlySet<number>, max: number): number[] {
  const marked = new Set(markedDeckIds());
  const wanted = list.filter((d) => marked.has(d.id) || recent.has(d.id));
  const chosen = new Set(
    [...wanted.filter((d) => marked.has(d.id)), ...wanted.filter((d) => !marked.has(d.id))]
      .slice(0, max)
      .map((d) => d.id),
  );
  return list.filter((d) => chosen.has(d.id)).map((d) => d.id);
}

/** The deck list kept for a student, narrowed to the decks whose cards are on the device. */
export async function keptDeckList(studentId: number, list: DeckListItem[]): Promise<DeckListItem[]> {
  const kept = new Set((await readKept<number[]>(keptKeys.offlineDecks(studentId)))?.value ?? []);
  return list.filter((d) => kept.has(d.id));
}
