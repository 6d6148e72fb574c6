import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUGS_PER_PAGE } from '@shared/constants';
import type { Bug } from '@shared/schemas/bug';
import { errorText } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { useNeedsConnection } from '@client/lib/online';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { BackIcon, ForwardIcon, PlusIcon } from '@client/components/ui/icons';
import { useBugs, useVoteBug } from '../api/bugs-api';
import { BugItem } from './bug-item';
import { CloseBugDialog } from './close-bug-dialog';
import { ReportBugDialog } from './report-bug-dialog';
import { useBugsStrings } from '../strings';
import styles from './bugs.module.css';

/** The shared bug board (SPEC §2 Bugs): reported bugs, votes, reporting and closing. */
export function BugBoard() {
  useBugsStrings();
  const { t } = useTranslation();
  const bugs = useBugs();
  const vote = useVoteBug();
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState(false);
  const [closing, setClosing] = useState<Bug | null>(null);
  const [status, setStatus] = useState('');
  // Offline, a report could not be sent: the button is disabled and says why.
  const offline = useNeedsConnection();

  const list = bugs.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / BUGS_PER_PAGE));
  // Closing the last bug of the last page steps back a page.
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * BUGS_PER_PAGE, current * BUGS_PER_PAGE);
  const openReport = () => setReporting(true);

  return (
    <main id="main">
      <div className={styles.header}>
        <h1 className={styles.title}>{t('bugs.title')}</h1>
        <Button variant="primary" onClick={openReport} disabledReason={offline}>
          <PlusIcon />
          {t('bugs.reportButton')}
        </Button>
      </div>
      <p className={styles.intro}>{t('bugs.intro')}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {vote.isError && <Alert>{errorText(vote.error, t('bugs.item.voteFailed'))}</Alert>}
      {bugs.isPending ? (
        <Spinner />
      ) : bugs.isError ? (
        <Alert>{errorText(bugs.error, t('bugs.loadFailed'))}</Alert>
      ) : list.length === 0 ? (
        <EmptyState
          title={t('bugs.empty.title')}
          body={t('bugs.empty.body')}
          action={
            <Button variant="primary" onClick={openReport} disabledReason={offline}>
              {t('bugs.reportButton')}
            </Button>
          }
        />
      ) : (
        <>
          <ul className={styles.list}>
            {shown.map((bug) => (
              <li key={bug.id}>
                <BugItem
                  bug={bug}
                  voting={vote.isPending && vote.variables === bug.id}
                  onVote={() => vote.mutate(bug.id)}
                  onClose={() => setClosing(bug)}
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('bugs.pagination.label')}>
              <Button onClick={() => setPage(current - 1)} disabled={current <= 1}>
                <BackIcon />
                {t('bugs.pagination.previous')}
              </Button>
              <p className={styles.pageText} aria-live="polite">
                {t('bugs.pagination.page', { page: current, pages })}
              </p>
              <Button onClick={() => setPage(current + 1)} disabled={current >= pages}>
                {t('bugs.pagination.next')}
                <ForwardIcon />
              </Button>
            </nav>
          )}
        </>
      )}
      <ReportBugDialog
        open={reporting}
        onOpenChange={setReporting}
        onReported={() => {
          setPage(1);
          setStatus(t('bugs.report.done'));
        }}
      />
      <CloseBugDialog
        bug={closing}
        onOpenChange={(o) => !o && setClosing(null)}
        onClosed={(bug) => setStatus(t('bugs.close.done', { title: bug.title }))}
      />
    </main>
  );
}
