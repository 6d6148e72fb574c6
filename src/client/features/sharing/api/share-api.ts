import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Deck } from '@shared/schemas/deck';
import type { Share, SharedDeck } from '@shared/schemas/share';
import { apiFetch } from '@client/lib/api-client';

const all = ['sharing'] as const;
const keys = {
  link: (deckId: number) => [...all, 'link', deckId] as const,
  shared: (code: string) => [...all, 'shared', code] as const,
};

/**
 * POST /api/decks/{id}/share: the deck's link, made on first asking. Idempotent, so it is read
 * like a query: opening the share page twice shows the same link.
 */
export const shareLinkQuery = (deckId: number) =>
  queryOptions({
    queryKey: keys.link(deckId),
    queryFn: () => apiFetch<Share>(`/api/decks/${deckId}/share`, { method: 'POST' }),
    staleTime: Infinity,
    retry: false,
  });

export function useShareLink(deckId: number | null) {
  return useQuery({ ...shareLinkQuery(deckId ?? 0), enabled: deckId !== null });
}

/** DELETE /api/decks/{id}/share. */
export function useStopSharing(deckId: number, onStopped: () => void) {
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true }>(`/api/decks/${deckId}/share`, { method: 'DELETE' }),
    onSuccess: onStopped,
  });
}

/** GET /api/shared/{code}: the preview of a shared deck. */
export const sharedDeckQuery = (code: string) =>
  queryOptions({
    queryKey: keys.shared(code),
    queryFn: () => apiFetch<SharedDeck>(`/api/shared/${encodeURIComponent(code)}`),
    retry: false,
  });

export function useSharedDeck(code: string) {
  return useQuery(sharedDeckQuery(code));
}

/** POST /api/shared/{code}/add: the family's new deck that follows the shared one. */
export function useAddSharedDeck(code: string, onAdded: (deck: Deck) => void) {
  return useMutation({
    mutationFn: (studentId: number | null) =>
      apiFetch<Deck>(`/api/shared/${encodeURIComponent(code)}/add`, { json: { student_id: studentId } }),
    onSuccess: onAdded,
  });
}
