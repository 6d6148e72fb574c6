import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReviewQueue } from '@shared/schemas/review';
import { apiFetch, VISIT_STALE_MS } from '@client/lib/api-client';
import { isNetworkError } from '@client/lib/offline-store';
import { withTimeZone } from '@client/lib/time-zone';

/** Prefixes every review queue (every student, every deck). */
const reviewKey = ['review'] as const;

/**
 * GET /api/students/{id}/review?deck_id=&tz=: what the student should review now, across their
 * decks or in one deck, counted in the browser's day. Read anew on every visit. Offline, computed
 * on the device from the decks and memory states it kept (../device-queue.ts, loaded only then).
 */
async function readReviewQueue(studentId: number, deckId: number | null): Promise<ReviewQueue> {
  try {
    return await apiFetch<ReviewQueue>(
      withTimeZone(`/api/students/${studentId}/review${deckId === null ? '' : `?deck_id=${deckId}`}`),
    );
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const { deviceReviewQueue } = await import('../device-queue');
    const queue = await deviceReviewQueue(studentId, deckId);
    if (!queue) throw err;
    return queue;
  }
}

export const reviewQueueQuery = (studentId: number, deckId: number | null = null) =>
  queryOptions({
    queryKey: [...reviewKey, studentId, deckId ?? 'all'] as const,
    queryFn: () => readReviewQueue(studentId, deckId),
    staleTime: VISIT_STALE_MS,
  });

export function useReviewQueue(studentId: number, deckId: number | null = null) {
  return useQuery(reviewQueueQuery(studentId, deckId));
}

/** Reads every review queue again: after answers were saved or the learning settings changed. */
export function useRefreshReview() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: reviewKey }), [qc]);
}
