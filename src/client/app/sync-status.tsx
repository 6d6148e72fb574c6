import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { usePageSettled } from '@client/lib/page-settled';
import type { OutboxState } from '@client/lib/outbox';
import styles from './sync-status.module.css';

type Outbox = typeof import('@client/lib/outbox');

// Not part of the first view: most visits have nothing waiting.
const loadNotes = () => import('./sync-notes');
const SyncNotes = lazyNamed(() => loadNotes().then((m) => m.SyncNotes));

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
  const { i18n } = useTranslation();
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
  // Fetched while still online, once the page has settled: answers wait mostly offline, when a
  // chunk not downloaded yet would show only "could not load" (the service worker's copy covers reloads).
  useEffect(() => {
    if (!user || !settled) return;
    // A failed download is tried again when the notes show (LoadBoundary).
    loadNotes()
      .then((m) => m.syncStrings(i18n.language))
      .catch(() => undefined);
  }, [user, settled, i18n.language]);

  // One polite live region, always present, so that a count appearing or changing is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {outbox && s && hasNotes(s) && <SyncNotes state={s} onDismissDropped={outbox.dismissDropped} />}
    </div>
  );
}
