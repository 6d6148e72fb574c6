import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bug, BugInput } from '@shared/schemas/bug';
import { apiFetch } from '@client/lib/api-client';

/** GET /api/bugs: every bug, newest first, with the caller's votes. */
export const bugsQuery = queryOptions({ queryKey: ['bugs'], queryFn: () => apiFetch<Bug[]>('/api/bugs') });

export function useBugs() {
  return useQuery(bugsQuery);
}

/**
 * POST /api/bugs. Sent even when the browser says it is offline, so that a report that cannot reach
 * the server fails with the network error at once instead of waiting; the caller keeps one
 * idempotency key per report, so a retry after a lost answer files the bug once.
 */
export function useReportBug() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: BugInput) => apiFetch<Bug>('/api/bugs', { json: input }),
    onSuccess: (bug) => {
      qc.setQueryData<Bug[]>(bugsQuery.queryKey, (old = []) => [bug, ...old.filter((b) => b.id !== bug.id)]);
      void qc.invalidateQueries({ queryKey: bugsQuery.queryKey });
    },
  });
}

/** Applies a vote answer to a bug: the count rises by one when voted, falls by one otherwise (SPEC §4). */
export function applyVote(bug: Bug, voted: boolean): Bug {
  return { ...bug, user_has_voted: voted, upvotes: Math.max(0, bug.upvotes + (voted ? 1 : -1)) };
}

/** POST /api/bugs/{id}/vote, toggling the caller's vote. */
export function useVoteBug() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ voted: boolean }>(`/api/bugs/${id}/vote`, { method: 'POST' }),
    onSuccess: ({ voted }, id) => {
      qc.setQueryData<Bug[]>(bugsQuery.queryKey, (old = []) => old.map((b) => (b.id === id ? applyVote(b, voted) : b)));
    },
    onError: (err) => console.error('Failed to vote', err),
  });
}

/** DELETE /api/bugs/{id} with the board's password; success removes it from the list. */
export function useCloseBug() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      apiFetch<unknown>(`/api/bugs/${id}`, { method: 'DELETE', json: { password } }),
    onSuccess: (_data, { id }) => {
      qc.setQueryData<Bug[]>(bugsQuery.queryKey, (old = []) => old.filter((b) => b.id !== id));
    },
  });
}
