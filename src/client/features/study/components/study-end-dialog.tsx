import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Mascot } from '@client/components/illustrations/mascot';
import { launchConfetti, playCelebrationTones } from '@client/lib/celebration';
import type { StudySummary } from '../study-state';
import styles from './study.module.css';

interface StudyEndDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: StudySummary;
  /** Whether the result reached the server (SaveNote, given by the session: it shows it too). */
  saveNote: ReactNode;
  hasStudent: boolean;
  onTryAgain: () => void;
}

/**
 * Celebration when every card was mastered (confetti and tones), a summary otherwise. The study
 * session downloads it (with the dialog, the mascot and the celebration) once its first card is on
 * screen: none of it is needed before the last card.
 */
export function StudyEndDialog({ open, onOpenChange, summary, saveNote, hasStudent, onTryAgain }: StudyEndDialogProps) {
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
      {saveNote}
    </Dialog>
  );
}
