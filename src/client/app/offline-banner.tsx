import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { useOnline } from '@client/lib/online';
import { usePrefetchOnceSettled } from '@client/lib/page-settled';
import styles from './offline-banner.module.css';

const loadNotice = () => import('./offline-notice');
const OfflineNotice = lazyNamed(() => loadNotice().then((m) => m.OfflineNotice));
const prefetchNotice = (language: string) => loadNotice().then((m) => m.offlineNoticeStrings(language));

/** Under the header while offline: what still works, and what waits for the connection. */
export function OfflineBanner() {
  const { user } = useAuth();
  const online = useOnline();
  usePrefetchOnceSettled(user !== null, prefetchNotice);
  // The live region is always present, so that going offline is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {user && !online && <OfflineNotice />}
    </div>
  );
}
