import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/feedback';
import { ChartIcon } from '@client/components/ui/icons';
import { lazyNamed } from '@client/components/ui/lazy';
import { Toasts } from '@client/components/ui/toasts';
import { useAuth } from '@client/lib/auth';
import { useCurrentStudent } from '@client/lib/current-student';
import { useRefreshWhenBackOnline } from '@client/lib/online';
import { usePageSettled } from '@client/lib/page-settled';
import { StudentSelector } from '@client/features/students/components/student-selector';
import { useRefreshDecks } from '@client/features/decks/api/get-decks';
import { AccountMenu } from './account-menu';
import { OfflineBanner } from './offline-banner';
import { ChildModeOutlet, LeaveChildMode } from './child-mode-gate';
import { SyncStatus } from './sync-status';
import styles from './layout.module.css';

// Tells of Anki imports left running, wherever the parent is: mounted once the page has settled.
const AnkiImportNotices = lazyNamed(() =>
  import('@client/features/transfer/components/anki-import-notices').then((m) => m.AnkiImportNotices),
);
// Keeps the offline data fresh in the background: mounted once the page has settled.
const OfflineSync = lazyNamed(() => import('./offline-sync').then((m) => m.OfflineSync));

/** Page frame: skip link, header (logo, progress link, student selector, user menu), notices, toasts, content. */
export function Layout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { currentStudent } = useCurrentStudent();
  const settled = usePageSettled();
  const { pathname } = useLocation();
  const refreshDecks = useRefreshDecks();
  useRefreshWhenBackOnline();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.logo} aria-label={t('auth.header.home')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span aria-hidden="true" className={styles.logoText}>
            {t('common.appName')}
          </span>
        </Link>
        <span className={styles.spacer} />
        {user && (
          <nav aria-label={t('auth.header.mainNav')} style={{ display: 'contents' }}>
            {/* NavLink marks the current page (aria-current="page"), styled as such. */}
            <NavLink to="/progress" className={`${buttonClass({ variant: 'ghost' })} ${styles.progressLink}`}>
              <ChartIcon />
              {t('auth.header.progress')}
            </NavLink>
            {/* Child mode: no student switching, settings or sign-out; only a way out with the PIN. */}
            {user.child_student_id ? (
              <LeaveChildMode studentName={currentStudent?.name ?? null} />
            ) : (
              <>
                <StudentSelector />
                <AccountMenu />
              </>
            )}
          </nav>
        )}
      </header>
      <OfflineBanner />
      <SyncStatus />
      {settled && <OfflineSync />}
      {settled && user && !user.child_student_id && (
        <Suspense fallback={null}>
          <AnkiImportNotices refreshDecks={refreshDecks} />
        </Suspense>
      )}
      <Toasts page={pathname} />
      <div className={styles.content}>
        <Suspense fallback={<Spinner />}>
          <ChildModeOutlet />
        </Suspense>
      </div>
    </>
  );
}
