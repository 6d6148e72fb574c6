import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Progress } from '@shared/schemas/progress';
import { apiFetch, VISIT_STALE_MS } from '@client/lib/api-client';

/** Prefixes every student's progress. */
const progressKey = ['progress'] as const;
const progressQueryKey = (studentId: number) => [...progressKey, studentId] as const;

/** GET /api/progress/{studentId}, read anew on every visit. */
export const progressQuery = (studentId: number) =>
  queryOptions({
    queryKey: progressQueryKey(studentId),
    queryFn: () => apiFetch<Progress>(`/api/progress/${studentId}`),
    staleTime: VISIT_STALE_MS,
  });

export function useProgress(studentId: number | null) {
  return useQuery({ ...progressQuery(studentId ?? 0), enabled: studentId !== null });
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

/** DELETE /api/students/{id}/decks/{deckId}/remove-progress, then the progress is refetched. */
export function useRemoveDeckProgress(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deckId: number) =>
      apiFetch(`/api/students/${studentId}/decks/${deckId}/remove-progress`, { method: 'DELETE' }),
    onError: (err) => console.error('Failed to remove deck progress', err),
    onSettled: () => qc.invalidateQueries({ queryKey: progressQueryKey(studentId) }),
  });
}
