import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { useOnline } from '@client/lib/online';
import { usePrefetchOnceSettled } from '@client/lib/page-settled';
import styles from './offline-banner.module.css';

const loadNotice = () => import('./offline-notice');
// Its code arrives with its strings, so that it renders at once rather than suspending on them.
const OfflineNotice = lazyNamed(() =>
  loadNotice().then((m) => m.offlineNoticeStrings(i18next.language).then(() => m.OfflineNotice)),
);
const prefetchNotice = (language: string) => loadNotice().then((m) => m.offlineNoticeStrings(language));

/**
 * Under the header while offline: one line ("You're offline.") shown at once, its words in the first
 * view's strings, with a "What still works" disclosure whose details (what works, what waits for the
 * connection) load on demand.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const online = useOnline();
  usePrefetchOnceSettled(user !== null, prefetchNotice);
  // The live region is always present, so that going offline is announced.
  return (
    <div className={styles.bar} aria-live="polite">
      {user && !online && (
        <div className={styles.banner} role="status">
          <strong className={styles.title}>{t('offline.banner.title')}</strong>
          <details className={styles.more}>
            <summary>{t('offline.banner.more')}</summary>
            <OfflineNotice />
          </details>
        </div>
      )}
    </div>
  );
}
