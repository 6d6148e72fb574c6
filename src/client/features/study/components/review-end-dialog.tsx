import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewQueue } from '@shared/schemas/review';
import { Mascot } from '@client/components/illustrations/mascot';
import { Button, buttonClass } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { launchConfetti, playCelebrationTones } from '@client/lib/celebration';
import { describeWhen, languageOf } from '@client/lib/schedule-text';
import type { SaveStatus } from '../hooks/use-study-saver';
import type { ReviewSummary } from '../review-state';
import { SaveNote } from './save-note';
import styles from './study.module.css';
import reviewStyles from './review.module.css';

const totalOf = (counts: ReviewQueue['counts']) => counts.due + counts.learning + counts.new;

interface ReviewEndDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: ReviewSummary;
  saveStatus: SaveStatus;
  /** The queue as read again after the save (undefined until then): what is left, and when more comes. */
  after: ReviewQueue | undefined;
  onKeepGoing: () => void;
}

/** The end of a review: the celebration when every card was remembered, the counts, and what comes next. */
export function ReviewEndDialog({ open, onOpenChange, summary, saveStatus, after, onKeepGoing }: ReviewEndDialogProps) {
  const { t, i18n } = useTranslation();
  const celebrate = summary.allRemembered;
  const more = after && after.cards.length > 0 ? Math.max(after.cards.length, totalOf(after.counts)) : 0;

  useEffect(() => {
    if (!open || !celebrate) return;
    playCelebrationTones();
    return launchConfetti();
  }, [open, celebrate]);

  let next: string | null = null;
  if (after && more > 0) next = t('study.review.end.more', { count: more });
  else if (after?.next_due_at)
    next = t('study.review.end.nextDue', {
      when: describeWhen(after.next_due_at, new Date(), languageOf(i18n.language), t),
    });
  else if (after) next = t('study.review.end.allDone');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={celebrate ? t('study.end.congratulations') : t('study.end.greatJob')}
      description={
        celebrate
          ? t('study.review.end.allRemembered', { count: summary.total })
          : t('study.review.end.reviewed', { count: summary.total - summary.skipped })
      }
      footer={
        <>
          <Link to="/progress" className={buttonClass({ variant: 'ghost' })}>
            {t('study.end.seeProgress')}
          </Link>
          <Link to="/" className={buttonClass({ variant: more > 0 ? 'secondary' : 'primary' })}>
            {t('study.end.goHome')}
          </Link>
          {more > 0 && (
            <Button variant="primary" onClick={onKeepGoing}>
              {t('study.review.end.keepGoing')}
            </Button>
          )}
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
            <dt>{t('study.review.end.remembered')}</dt>
            <dd>{summary.remembered}</dd>
          </div>
          <div className={styles.countNotMastered}>
            <dt>{t('study.review.end.forgot')}</dt>
            <dd>{summary.forgot}</dd>
          </div>
          {summary.skipped > 0 && (
            <div>
              <dt>{t('study.end.skipped')}</dt>
              <dd>{summary.skipped}</dd>
            </div>
          )}
        </dl>
      )}
      <p role="status" className={reviewStyles.next}>
        {next}
      </p>
      <SaveNote status={saveStatus} />
    </Dialog>
  );
}
