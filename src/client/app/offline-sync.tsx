import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@client/lib/auth';
import { useCurrentStudent } from '@client/lib/current-student';
import { useOnline } from '@client/lib/online';
import { pageSettled } from '@client/lib/page-settled';
import { subscribeMarkedDecks } from '@client/features/decks/api/offline-decks';

// Answers saved in a row (a study session's saves) lead to one refresh.
const AFTER_SAVE_DELAY_MS = 1_500;

/**
 * Keeps the current student's offline data fresh while online: at start-up, when the connection
 * returns, and after progress changed (a study or review was saved). The work itself
 * (offline-refresh.ts) loads on demand, after the first view.
 */
export function OfflineSync() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const { currentStudent } = useCurrentStudent();
  const online = useOnline();
  const studentId = user && online ? (currentStudent?.id ?? null) : null;

  // Back online: what the screens show may be copies kept on the device; read it all again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void qc.invalidateQueries();
    wasOnline.current = online;
  }, [online, qc]);

  useEffect(() => {
    if (studentId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let live = true;
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
    // At start-up, once the first view's reads and pictures are done and the page has settled.
    void pageSettled().then(() => live && schedule(0));
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.queryKey[0] === 'progress') {
        schedule(AFTER_SAVE_DELAY_MS);
      }
    });
    // A deck just marked "Keep on this device" is saved at once.
    const unsubscribeMarked = subscribeMarkedDecks(() => schedule(0));
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
      unsubscribeMarked();
    };
  }, [qc, studentId]);

  return null;
}
