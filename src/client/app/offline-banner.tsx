import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { useOnline } from '@client/lib/online';
import { pageSettled } from '@client/lib/page-settled';
import styles from './offline-banner.module.css';

const loadNotice = () => import('./offline-notice');
const OfflineNotice = lazyNamed(() => loadNotice().then((m) => m.OfflineNotice));

/** Under the header while offline: what still works, and what waits for the connection. */
export function OfflineBanner() {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const online = useOnline();
  // Fetched while still online, once the page has settled: a chunk that failed to download once the
  // connection is gone would take the page down (the service worker's copy covers reloads).
  useEffect(() => {
    if (!user) return;
    void pageSettled()
      .then(loadNotice)
      .then((m) => m.offlineNoticeStrings(i18n.language));
  }, [user, i18n.language]);
  // The live region is always present, so that going offline is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {user && !online && <OfflineNotice />}
    </div>
  );
}
