import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { Progress } from '@shared/schemas/progress';
import { notify } from '@client/components/ui/toasts';
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

// Removing a deck's progress cannot be taken back on the server, so it is sent only once its undo
// has run out (the toast timed out or was closed, or the page is left); until then the deck is
// hidden here. Module state: the removal outlives the page that asked for it.
let pendingRemovals: readonly string[] = [];
const pendingListeners = new Set<() => void>();
const removalKey = (studentId: number, deckId: number) => `${studentId}:${deckId}`;
function setPending(key: string, on: boolean) {
  pendingRemovals = on ? [...pendingRemovals, key] : pendingRemovals.filter((k) => k !== key);
  for (const listener of pendingListeners) listener();
}
const subscribePending = (listener: () => void) => {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
};

/** Whether the progress of this student's deck is being removed (hidden while its undo is offered). */
export function useRemovalPending(): (studentId: number, deckId: number) => boolean {
  const keys = useSyncExternalStore(subscribePending, () => pendingRemovals);
  return useCallback((studentId, deckId) => keys.includes(removalKey(studentId, deckId)), [keys]);
}

interface RemovalTexts {
  done: string;
  undo: string;
  undone: string;
  failed: string;
}

/**
 * Removes a deck's progress with an undo: the deck disappears at once and a toast offers to keep
 * it; DELETE /api/students/{id}/decks/{deckId}/remove-progress is sent when the offer ends (with
 * keepalive, so that leaving the page still sends it), then the progress is refetched.
 */
export function useRemoveDeckProgress(studentId: number) {
  const qc = useQueryClient();
  return useCallback(
    (deckId: number, texts: RemovalTexts) => {
      const key = removalKey(studentId, deckId);
      setPending(key, true);
      notify(texts.done, {
        undo: {
          label: texts.undo,
          run: () => {
            setPending(key, false);
            notify(texts.undone);
          },
        },
        onClose: () => {
          fetch(`/api/students/${studentId}/decks/${deckId}/remove-progress`, {
            method: 'DELETE',
            credentials: 'same-origin',
            keepalive: true,
          })
            .then((res) => {
              if (!res.ok) throw new Error(`HTTP ${res.status}`);
            })
            .catch((err: unknown) => {
              console.error('Failed to remove deck progress', err);
              notify(texts.failed);
            })
            // The deck shows again only if the refetched progress still has it.
            .then(() => qc.invalidateQueries({ queryKey: progressQueryKey(studentId) }))
            .finally(() => setPending(key, false));
        },
      });
    },
    [qc, studentId],
  );
}
