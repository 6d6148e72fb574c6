import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Progress } from '@shared/schemas/progress';
import type { Student } from '@shared/schemas/student';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { Menu } from '@client/components/ui/menu';
import { GrowPicture } from '@client/components/illustrations/more-pictures';
import { notify } from '@client/components/ui/toasts';
import { AfterFirstPaint } from '@client/lib/after-first-paint';
import { errorText } from '@client/lib/errors';
import { useNeedsConnection } from '@client/lib/online';
import { useNukeProgress, useProgress } from '../api/progress-api';
import { AttentionList } from './attention-list';
import { ConfirmDialog } from './confirm-dialog';
import { DeckProgressList } from './deck-progress-list';
import { ProgressAsOf } from './progress-as-of';
import { MemoryOverview } from './memory-overview';
import { SummaryTiles } from './summary-tiles';
import styles from './progress.module.css';

/** The progress screen with no student selected (SPEC §2 Progress). */
export function NoStudentProgress() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.page}>
      <h1>{t('progress.heading')}</h1>
      <EmptyState
        picture={<GrowPicture />}
        title={t('progress.noStudent.title')}
        body={t('progress.noStudent.body')}
        action={
          <Link to="/" className={buttonClass({ variant: 'primary' })}>
            {t('progress.noStudent.action')}
          </Link>
        }
      />
    </main>
  );
}

/**
 * One student's progress (SPEC §2 Progress) with their memory statistics; `dueCounts` gives each
 * deck's cards due today. Give it a new key for another student.
 */
export function StudentProgress({
  student,
  dueCounts,
  readOnly = false,
  predictions,
}: {
  student: Student;
  dueCounts?: ReadonlyMap<number, number>;
  /** Without the menus that delete progress (child mode). */
  readOnly?: boolean;
  /** "How well we predict {name}'s memory" (the schedule feature), below the memory statistics. */
  predictions?: ReactNode;
}) {
  const { t } = useTranslation();
  const progress = useProgress(student.id);
  const nuke = useNukeProgress(student.id);
  const [confirmNuke, setConfirmNuke] = useState(false);
  const offline = useNeedsConnection();
  const data = progress.data;
  const hasData = Boolean(data && (data.overall_statistics.total_sessions > 0 || data.deck_statistics.length > 0));

  return (
    <main id="main" className={styles.page}>
      <div className={styles.headerRow}>
        <h1>{t('progress.title', { name: student.name })}</h1>
        {!readOnly && (
          <Menu
            label={t('progress.menu.label')}
            items={[
              {
                label: t('progress.menu.nuke'),
                destructive: true,
                // Offline it waits for the connection, and says so; without data there is nothing to reset.
                disabled: !hasData || Boolean(offline),
                disabledReason: hasData ? (offline ?? undefined) : undefined,
                onSelect: () => setConfirmNuke(true),
              },
            ]}
          />
        )}
      </div>
      <ProgressAsOf studentId={student.id} />

      {progress.isPending ? (
        <Spinner />
      ) : progress.error ? (
        <>
          <Alert>{errorText(progress.error, t('progress.loadFailed'))}</Alert>
          <Button variant="primary" onClick={() => void progress.refetch()}>
            {t('progress.retry')}
          </Button>
        </>
      ) : !hasData ? (
        <EmptyState
          picture={<GrowPicture />}
          title={t('progress.empty.title')}
          body={t('progress.empty.body', { name: student.name })}
          action={
            <Link to="/" className={buttonClass({ variant: 'primary' })}>
              {t('progress.empty.action')}
            </Link>
          }
        />
      ) : (
        <ProgressSections
          data={data!}
          student={student}
          dueCounts={dueCounts}
          readOnly={readOnly}
          predictions={predictions}
        />
      )}

      {confirmNuke && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            setConfirmNuke(open);
            if (!open) nuke.reset();
          }}
          title={t('progress.nuke.title')}
          message={t('progress.nuke.message', { name: student.name })}
          confirmLabel={t('progress.nuke.confirm')}
          pending={nuke.isPending}
          error={nuke.error ? errorText(nuke.error, t('progress.nuke.failed')) : null}
          onConfirm={() =>
            nuke.mutate(undefined, {
              onSuccess: () => {
                setConfirmNuke(false);
                notify(t('progress.nuke.done', { name: student.name }));
              },
            })
          }
        />
      )}
    </main>
  );
}

/**
 * The statistics, the summary first: the tiles and the memory charts are what a phone shows without
 * scrolling, and paint on their own; the play modes, the predictions, every deck and the cards needing
 * attention (their code, strings and a few thousand elements on a long history) follow once that
 * has been painted.
 */
function ProgressSections({
  data,
  student,
  dueCounts,
  readOnly,
  predictions,
}: {
  data: Progress;
  student: Student;
  dueCounts?: ReadonlyMap<number, number>;
  readOnly: boolean;
  predictions?: ReactNode;
}) {
  return (
    <>
      <SummaryTiles stats={data.overall_statistics} />
      <MemoryOverview stats={data.memory_statistics} />
      <AfterFirstPaint>
        {predictions}
        <DeckProgressList
          decks={data.deck_statistics}
          studentId={student.id}
          studentName={student.name}
          dueCounts={dueCounts}
          readOnly={readOnly}
        />
        <AttentionList cards={data.problematic_cards} />
      </AfterFirstPaint>
    </>
  );
}
