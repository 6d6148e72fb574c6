import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deck, DeckWithCards } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';

/** Every deck query starts with this, so one invalidation refreshes lists and details. */
export const decksKey = ['decks'] as const;
export const deckListKey = (studentId: number | null) => [...decksKey, 'list', studentId ?? 'all'] as const;
export const deckDetailKey = (id: number) => [...decksKey, 'detail', id] as const;

/** GET /api/decks?student_id={id} for the current student, GET /api/decks when there is none. */
export function fetchDecks(studentId: number | null): Promise<Deck[]> {
  return apiFetch<Deck[]>(studentId === null ? '/api/decks' : `/api/decks?student_id=${studentId}`);
}

export const deckListQuery = (studentId: number | null) =>
  queryOptions({ queryKey: deckListKey(studentId), queryFn: () => fetchDecks(studentId) });

export function useDecks(studentId: number | null) {
  return useQuery(deckListQuery(studentId));
}

/** GET /api/decks/{id}: the deck with its cards. */
export const deckQuery = (id: number) =>
  queryOptions({ queryKey: deckDetailKey(id), queryFn: () => apiFetch<DeckWithCards>(`/api/decks/${id}`) });

export function useDeck(id: number) {
  return useQuery({ ...deckQuery(id), enabled: Number.isInteger(id) && id > 0 });
}
