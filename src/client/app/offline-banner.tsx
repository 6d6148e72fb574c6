import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { useOnline } from '@client/lib/online';
import { usePageSettled } from '@client/lib/page-settled';
import styles from './offline-banner.module.css';

const loadNotice = () => import('./offline-notice');
const OfflineNotice = lazyNamed(() => loadNotice().then((m) => m.OfflineNotice));

/** Under the header while offline: what still works, and what waits for the connection. */
export function OfflineBanner() {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const online = useOnline();
  const settled = usePageSettled();
  // Fetched while still online, once the page has settled: once the connection is gone, a chunk not
  // downloaded yet would show only "could not load" (the service worker's copy covers reloads).
  useEffect(() => {
    if (!user || !settled) return;
    // A failed download is tried again when the notice shows (LoadBoundary).
    loadNotice()
      .then((m) => m.offlineNoticeStrings(i18n.language))
      .catch(() => undefined);
  }, [user, settled, i18n.language]);
  // The live region is always present, so that going offline is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {user && !online && <OfflineNotice />}
    </div>
  );
}
