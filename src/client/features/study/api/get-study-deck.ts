import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeckWithCards } from '@shared/schemas/deck';
import { apiFetch, VISIT_STALE_MS } from '@client/lib/api-client';

export const studyDeckQueryKey = (id: number) => ['study-deck', id] as const;

/** GET /api/decks/{id}: the deck with its cards, read fresh for every session. */
export const studyDeckQuery = (id: number) =>
  queryOptions({
    queryKey: studyDeckQueryKey(id),
    queryFn: () => apiFetch<DeckWithCards>(`/api/decks/${id}`),
    staleTime: VISIT_STALE_MS,
  });

export function useStudyDeck(id: number | null, enabled = true) {
  return useQuery({ ...studyDeckQuery(id ?? 0), enabled: enabled && id !== null });
}
