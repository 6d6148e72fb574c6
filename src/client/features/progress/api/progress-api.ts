import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Progress } from '@shared/schemas/progress';
import { apiFetch, VISIT_STALE_MS } from '@client/lib/api-client';
import { keptAsOf, keptKeys, readThrough } from '@client/lib/offline-store';
import { withTimeZone } from '@client/lib/time-zone';

/** Prefixes every student's progress. */
const progressKey = ['progress'] as const;
const progressQueryKey = (studentId: number) => [...progressKey, studentId] as const;

/**
 * GET /api/progress/{studentId}?tz= (memory statistics by the student's day), read anew on every
 * visit; offline, the last figures this device read (useProgressAsOf tells when they are from).
 */
export const progressQuery = (studentId: number) =>
  queryOptions({
    queryKey: progressQueryKey(studentId),
    queryFn: () =>
      readThrough(keptKeys.progress(studentId), () => apiFetch<Progress>(withTimeZone(`/api/progress/${studentId}`))),
    staleTime: VISIT_STALE_MS,
  });

export function useProgress(studentId: number | null) {
  return useQuery({ ...progressQuery(studentId ?? 0), enabled: studentId !== null });
}

/** When the progress shown was read from the server, if it is a copy kept on the device; else null. */
export function useProgressAsOf(studentId: number): string | null {
  const { data } = useProgress(studentId);
  return data ? keptAsOf(keptKeys.progress(studentId)) : null;
}

/** Reads every student's progress again, e.g. after a study result was saved. */
export function useRefreshProgress() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: progressKey }), [qc]);
}

/** DELETE /api/students/{id}/nuke-progress, then the progress is refetched. */
export function useNukeProgress(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/students/${studentId}/nuke-progress`, { method: 'DELETE' }),
    onError: (err) => console.error('Failed to reset progress', err),
    onSettled: () => qc.invalidateQueries({ queryKey: progressQueryKey(studentId) }),
  });
}

/**
 * DELETE /api/students/{id}/decks/{deckId}/remove-progress (after the person confirmed it), then
 * every query on screen is read again; the mutation stays pending until they are, so that the deck's
 * card, the totals and the due counts all change together, once the server has dropped the progress.
 */
export function useRemoveDeckProgress(studentId: number, onRemoved: (deck: { deckId: number; title: string }) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ deckId }: { deckId: number; title: string }) =>
      apiFetch(`/api/students/${studentId}/decks/${deckId}/remove-progress`, { method: 'DELETE' }),
    onError: (err) => console.error('Failed to remove deck progress', err),
    // Said here, not by the caller: once the page is read again the deck's card (and, for the last
    // deck, the whole list) is gone, and a caller's own callbacks do not run after it unmounts.
    onSuccess: async (_data, deck) => {
      await qc.invalidateQueries();
      onRemoved(deck);
    },
  });
}
