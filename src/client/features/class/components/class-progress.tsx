import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { GrowPicture } from '@client/components/illustrations/more-pictures';
import { errorText } from '@client/lib/errors';
import { useNeedsConnection } from '@client/lib/online';
import { useClassProgress } from '../api/get-class-progress';
import { classCsv, COLUMNS, isoLocalDate, sortStudents, type Column, type Sort } from '../class-table';
import { ClassTable } from './class-table';
import { GiveDecksForm } from './give-decks';
import { useClassStrings } from '../strings';
import styles from './class.module.css';

/**
 * "All students" (the progress page's second view): every student's figures of the day in a
 * sortable table, downloadable as CSV in the order shown. `views` is the switch between the views;
 * `onOpen` makes a student current before their progress opens.
 */
export function ClassProgress({ views, onOpen }: { views: ReactNode; onOpen: (studentId: number) => void }) {
  useClassStrings();
  const { t, i18n } = useTranslation();
  const query = useClassProgress();
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'ascending' });
  const [giving, setGiving] = useState(false);
  const [given, setGiven] = useState<string[]>([]);
  const offline = useNeedsConnection();
  const rows = useMemo(
    () => sortStudents(query.data?.students ?? [], sort, i18n.language),
    [query.data, sort, i18n.language],
  );

  function download() {
    const headers = Object.fromEntries(COLUMNS.map((c) => [c, t(`class.columns.${c}`)])) as Record<Column, string>;
    const blob = new Blob([classCsv(rows, headers, isoLocalDate)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = t('class.fileName', { date: isoLocalDate(new Date().toISOString()) });
    a.click();
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <>
      {views}
      <main id="main" className={styles.page}>
        <div className={styles.headerRow}>
          <h1>{t('class.heading')}</h1>
          {rows.length > 0 && (
            <Button variant="secondary" onClick={download}>
              {t('class.download')}
            </Button>
          )}
        </div>
        {query.isPending ? (
          <Spinner />
        ) : query.error ? (
          <>
            <Alert>{errorText(query.error, t('class.loadFailed'))}</Alert>
            <Button variant="primary" onClick={() => void query.refetch()}>
              {t('class.retry')}
            </Button>
          </>
        ) : rows.length === 0 ? (
          <EmptyState
            picture={<GrowPicture />}
            title={t('class.empty.title')}
            body={t('class.empty.body')}
            action={
              <Link to="/" className={buttonClass({ variant: 'primary' })}>
                {t('class.empty.action')}
              </Link>
            }
          />
        ) : (
          <>
            <p className={styles.intro}>{t('class.intro')}</p>
            <div className={styles.actionsRow}>
              <Button variant="secondary" disabled={offline !== null} onClick={() => setGiving(true)}>
                {t('class.give.open')}
              </Button>
              {offline && <span>{offline}</span>}
              <p role="status" className={styles.intro}>
                {given.length > 0 && t('class.give.done', { titles: given.join(', '), count: given.length })}
              </p>
            </div>
            <ClassTable rows={rows} sort={sort} onSort={setSort} onOpen={onOpen} />
            <Dialog
              open={giving}
              onOpenChange={setGiving}
              title={t('class.give.title')}
              description={t('class.give.description')}
            >
              <GiveDecksForm
                cancelLabel={t('common.actions.cancel')}
                onCancel={() => setGiving(false)}
                onDone={(titles) => {
                  setGiven(titles);
                  setGiving(false);
                }}
              />
            </Dialog>
          </>
        )}
      </main>
    </>
  );
}
