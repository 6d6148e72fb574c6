import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { usePageSettled, usePrefetchOnceSettled } from '@client/lib/page-settled';
import type { OutboxState } from '@client/lib/outbox';
import { deckKeys } from '@client/features/decks/api/get-decks';
import { useRefreshProgress } from '@client/features/progress/api/progress-api';
import { useRefreshReview } from '@client/features/review/api/review-api';
import styles from './sync-status.module.css';

type Outbox = typeof import('@client/lib/outbox');

// Not part of the first view: most visits have nothing waiting.
const loadNotes = () => import('./sync-notes');
// Its code arrives with its strings, so that it renders at once rather than suspending on them (a
// render that suspended on the strings and a retry that found them made React report an error).
const SyncNotes = lazyNamed(() => loadNotes().then((m) => m.syncStrings(i18next.language).then(() => m.SyncNotes)));
// Answers wait mostly offline: the notes are fetched while still online.
const prefetchNotes = (language: string) => loadNotes().then((m) => m.syncStrings(language));

const noSubscription = () => () => {};
const nothing = () => null;
const hasNotes = (s: OutboxState) => s.entries > 0 || s.unsaved > 0 || s.dropped > 0;

/**
 * Under the header: how many answers wait in the outbox to reach the server, storage trouble that
 * puts them at risk, and answers the server refused. The outbox (and IndexedDB code) loads once the
 * page has settled and a user is signed in (sent signed out, answers would only be refused); a
 * study save loads it at once.
 */
export function SyncStatus() {
  const { user } = useAuth();
  const settled = usePageSettled();
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const s = useSyncExternalStore(outbox?.subscribeOutbox ?? noSubscription, outbox?.outboxState ?? nothing);

  useEffect(() => {
    if (!user || !settled) return;
    let live = true;
    void import('@client/lib/outbox').then((m) => {
      if (!live) return;
      setOutbox(m);
      m.setOutboxAccount(user.id);
      void m.startOutbox();
    });
    return () => {
      live = false;
    };
  }, [user, settled]);
  // Signing out (or in as someone else) changes whose answers are sent; the others wait on the device.
  useEffect(() => {
    outbox?.setOutboxAccount(user?.id ?? null);
  }, [outbox, user]);
  usePrefetchOnceSettled(user !== null, prefetchNotes);
  useRefreshWhenDelivered(s);

  // One polite live region, always present, so that a count appearing or changing is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {outbox && s && hasNotes(s) && <SyncNotes state={s} onDismissDropped={outbox.dismissDropped} />}
    </div>
  );
}

/**
 * Once the outbox has delivered all it held (back online, or another tab sent it), the figures on
 * screen are read again: the Today panel, progress and the decks' due counts. Reading them when the
 * connection returned was too early, as the answers were still on their way.
 */
function useRefreshWhenDelivered(s: OutboxState | null) {
  const qc = useQueryClient();
  const refreshProgress = useRefreshProgress();
  const refreshReview = useRefreshReview();
  const sent = s?.sent;
  const waiting = s?.entries;
  // What had been sent when this screen first saw the outbox: only later deliveries refresh.
  const refreshedAt = useRef<number | null>(null);
  useEffect(() => {
    if (sent === undefined) return;
    if (refreshedAt.current === null) refreshedAt.current = sent;
    if (sent <= refreshedAt.current || waiting !== 0) return;
    refreshedAt.current = sent;
    void refreshProgress();
    void refreshReview();
    void qc.invalidateQueries({ queryKey: deckKeys.lists });
  }, [sent, waiting, qc, refreshProgress, refreshReview]);
}
