import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnkiImportJob } from '@shared/schemas/transfer';
import { Button } from '@client/components/ui/button';
import {
  importsInDialog,
  useAnkiImportsLeftRunning,
  useDismissAnkiImport,
  type RefreshDecks,
} from '../api/transfer-api';
import { useDialogStrings } from '../strings';
import { jobError, useAnkiErrorText, useJobProgressText } from './anki-texts';
import styles from './transfer.module.css';

/**
 * Tells the parent about the Anki imports they left running, wherever they are in the app: how far
 * one is while it runs, then "“Deck” is imported: N cards" with a link to the deck, or why it failed,
 * until they dismiss it. The server keeps them, so a reload shows them again. Imports the open
 * import dialog shows itself are left to it.
 */
export function AnkiImportNotices({ refreshDecks }: { refreshDecks: RefreshDecks }) {
  const { data } = useAnkiImportsLeftRunning(true);
  useSyncExternalStore(importsInDialog.subscribe, importsInDialog.version);
  const jobs = (data?.imports ?? []).filter((j) => !importsInDialog.has(j.id));
  // The decks an import made show in the lists at once.
  const refreshed = useRef(new Set<string>());
  useEffect(() => {
    const fresh = jobs.filter((j) => j.state === 'done' && !refreshed.current.has(j.id));
    if (fresh.length === 0) return;
    for (const j of fresh) refreshed.current.add(j.id);
    void refreshDecks();
  }, [jobs, refreshDecks]);
  return jobs.length > 0 ? <Notices jobs={jobs} /> : null;
}

function Notices({ jobs }: { jobs: AnkiImportJob[] }) {
  useDialogStrings();
  const { t, i18n } = useTranslation();
  const dismiss = useDismissAnkiImport();
  const errorOf = useAnkiErrorText();
  const progressOf = useJobProgressText();
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <div role="status" aria-label={t('transfer.anki.notices.region')}>
      <ul className={styles.notices}>
        {jobs.map((job) => {
          const close = () => dismiss.mutate(job.id);
          if (job.state === 'done' && job.result) {
            const [first] = job.result.decks;
            const more = job.result.decks.length - 1;
            const deck = first?.title ?? job.file_name;
            return (
              <li key={job.id} data-anki-notice className={styles.notice}>
                <p className={styles.noticeText}>
                  {t('transfer.anki.notices.done', { deck, count: job.result.cards, cards: n(job.result.cards) })}
                  {more > 0 && ` ${t('transfer.anki.notices.moreDecks', { count: more })}`}
                </p>
                {first && (
                  <Link to={`/deck/${first.id}`} onClick={close}>
                    {t('transfer.anki.notices.open', { deck })}
                  </Link>
                )}
                <Button size="small" onClick={close}>
                  {t('transfer.anki.notices.dismiss')}
                </Button>
              </li>
            );
          }
          if (job.state === 'failed' && job.error) {
            return (
              <li key={job.id} data-anki-notice className={`${styles.notice} ${styles.noticeFailed}`}>
                <p className={styles.noticeText}>
                  {t('transfer.anki.notices.failed', { name: job.file_name, reason: errorOf(jobError(job.error)) })}
                </p>
                <Button size="small" onClick={close}>
                  {t('transfer.anki.notices.dismiss')}
                </Button>
              </li>
            );
          }
          const progress = progressOf(job);
          return (
            <li key={job.id} data-anki-notice className={`${styles.notice} ${styles.noticeRunning}`}>
              <p className={styles.noticeText}>
                {t('transfer.anki.notices.running', { name: job.file_name })}
                {progress && ` ${progress}`}
              </p>
              <Button size="small" onClick={close} disabled={job.state === 'saving'}>
                {t('transfer.anki.stop')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
