import { useQuery } from '@tanstack/react-query';
import type { DeckWithCards } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';

export const studyDeckQueryKey = (id: number) => ['study-deck', id] as const;

/** GET /api/decks/{id}: the deck with its cards, read fresh for every session. */
export function useStudyDeck(id: number | null) {
  return useQuery({
    queryKey: studyDeckQueryKey(id ?? 0),
    queryFn: () => apiFetch<DeckWithCards>(`/api/decks/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}
