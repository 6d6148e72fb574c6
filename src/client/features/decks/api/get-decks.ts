import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DeckListItem, DeckWithCards } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { keptAsOf, keptKeys, readThrough } from '@client/lib/offline-store';
import { withTimeZone } from '@client/lib/time-zone';
import { keptDeckList } from './offline-decks';

const all = ['decks'] as const;
/** The keys of the deck queries, for this feature's changes: all starts every one of them. */
export const deckKeys = {
  all,
  lists: [...all, 'list'] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
};

/**
 * GET /api/decks?student_id={id}&tz= for the current student (each deck with its due and new
 * counts in the student's day), GET /api/decks when there is none.
 */
export function fetchDecks(studentId: number | null): Promise<DeckListItem[]> {
  return apiFetch<DeckListItem[]>(
    studentId === null ? '/api/decks' : withTimeZone(`/api/decks?student_id=${studentId}`),
  );
}

/**
 * The deck list; offline, the student's last one narrowed to the decks kept on the device (what
 * can be opened and studied without the server).
 */
async function readDeckList(studentId: number | null): Promise<DeckListItem[]> {
  if (studentId === null) return fetchDecks(null);
  const key = keptKeys.deckList(studentId);
  const list = await readThrough(key, () => fetchDecks(studentId));
  return keptAsOf(key) ? keptDeckList(studentId, list) : list;
}

export const deckListQuery = (studentId: number | null) =>
  queryOptions({ queryKey: [...deckKeys.lists, studentId ?? 'all'], queryFn: () => readDeckList(studentId) });

/**
 * GET /api/decks/{id}: the deck with its cards (the deck page and the study screen share it);
 * offline, the copy kept on the device when the deck is kept (app/offline-sync.ts keeps them).
 */
export const deckQuery = (id: number) =>
  queryOptions({
    queryKey: deckKeys.detail(id),
    queryFn: () => readThrough(keptKeys.deck(id), () => apiFetch<DeckWithCards>(`/api/decks/${id}`), false),
  });

export function useDecks(studentId: number | null) {
  return useQuery(deckListQuery(studentId));
}

/** The deck, once `id` is known; `staleTime` lets a screen that must read it afresh say how fresh. */
export function useDeck(id: number | null, staleTime?: number) {
  return useQuery({ ...deckQuery(id ?? 0), enabled: id !== null, ...(staleTime === undefined ? {} : { staleTime }) });
}

/** Reads every deck list and deck again: after a change to a deck or to its cards. */
export function useRefreshDecks() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: deckKeys.all }), [qc]);
}
