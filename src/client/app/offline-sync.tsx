import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@client/lib/auth';
import { useCurrentStudent } from '@client/lib/current-student';
import { useOnline } from '@client/lib/online';
import { subscribeMarkedDecks } from '@client/features/decks/api/offline-decks';

// Answers saved in a row (a study session's saves) lead to one refresh.
const AFTER_SAVE_DELAY_MS = 1_500;

/**
 * Keeps the current student's offline data fresh while online: at start-up (mounted once the page
 * has settled, see Layout), when the connection returns, and after progress changed (a study or
 * review was saved). The work itself (offline-refresh.ts) loads on demand.
 */
export function OfflineSync() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const { currentStudent } = useCurrentStudent();
  const online = useOnline();
  const studentId = user && online ? (currentStudent?.id ?? null) : null;

  useEffect(() => {
    if (studentId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const schedule = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (running) return schedule(delay);
        running = true;
        import('./offline-refresh')
          .then(({ refreshOfflineData }) => refreshOfflineData(qc, studentId))
          .catch((err: unknown) => console.warn('Offline data: refresh failed', err))
          .finally(() => (running = false));
      }, delay);
    };
    schedule(0);
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.queryKey[0] === 'progress') {
        schedule(AFTER_SAVE_DELAY_MS);
      }
    });
    // A deck just marked "Keep on this device" is saved at once.
    const unsubscribeMarked = subscribeMarkedDecks(() => schedule(0));
    return () => {
      clearTimeout(timer);
      unsubscribe();
      unsubscribeMarked();
    };
  }, [qc, studentId]);

  return null;
}
