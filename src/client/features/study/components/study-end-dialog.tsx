import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Mascot } from '@client/components/illustrations/mascot';
import { launchConfetti, playCelebrationTones } from '@client/lib/celebration';
import type { SaveStatus } from '../hooks/use-study-saver';
import type { StudySummary } from '../study-state';
import styles from './study.module.css';

interface StudyEndDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: StudySummary;
  saveStatus: SaveStatus;
  hasStudent: boolean;
  onTryAgain: () => void;
}

/** Celebration when every card was mastered (confetti and tones), a summary otherwise. */
export function StudyEndDialog({
  open,
  onOpenChange,
  summary,
  saveStatus,
  hasStudent,
  onTryAgain,
}: StudyEndDialogProps) {
  const { t } = useTranslation();
  const celebrate = summary.allMastered;

  useEffect(() => {
    if (!open || !celebrate) return;
    playCelebrationTones();
    return launchConfetti();
  }, [open, celebrate]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={celebrate ? t('study.end.congratulations') : t('study.end.greatJob')}
      description={celebrate ? t('study.end.perfect', { count: summary.total }) : t('study.end.summary')}
      footer={
        <>
          {hasStudent && (
            <Link to="/progress" className={buttonClass({ variant: 'ghost' })}>
              {t('study.end.seeProgress')}
            </Link>
          )}
          <Link to="/" className={buttonClass()}>
            {t('study.end.goHome')}
          </Link>
          <Button variant="primary" onClick={onTryAgain}>
            {t('study.end.tryAgain')}
          </Button>
        </>
      }
    >
      {celebrate ? (
        <div className={styles.trophy}>
          <Mascot size={120} cheering />
        </div>
      ) : (
        <dl className={styles.counts}>
          <div className={styles.countMastered}>
            <dt>{t('study.end.mastered')}</dt>
            <dd>{summary.mastered}</dd>
          </div>
          <div className={styles.countNotMastered}>
            <dt>{t('study.end.notMastered')}</dt>
            <dd>{summary.notMastered}</dd>
          </div>
          {summary.unvisited > 0 && (
            <div>
              <dt>{t('study.end.skipped')}</dt>
              <dd>{summary.unvisited}</dd>
            </div>
          )}
        </dl>
      )}
      <SaveNote status={saveStatus} />
    </Dialog>
  );
}

/** Whether the result reached the server (or why it was not sent). */
export function SaveNote({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const text =
    status === 'saving'
      ? t('study.save.saving')
      : status === 'saved'
        ? t('study.save.saved')
        : status === 'pending'
          ? t('study.save.pending')
          : status === 'none'
            ? t('study.save.noStudent')
            : null;
  return (
    <p role="status" className={styles.saveNote}>
      {text}
    </p>
  );
}
