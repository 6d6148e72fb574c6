import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { lazyNamed } from '@client/components/ui/lazy';
import { describeWhen, isSameLocalDay, languageOf } from '@client/lib/schedule-text';
import { useReviewQueue } from '../api/review-api';
import { useStreakGrowth } from '../streak';
import styles from './today.module.css';

// Only the "all done" state shows Lumi: its drawing loads then, off the first view.
const Mascot = lazyNamed(() => import('@client/components/illustrations/mascot').then((m) => m.Mascot));

interface TodayPanelProps {
  studentId: number;
  /** The student's daily limits (any text that changes with them): the queue is read again when they change. */
  limits?: string;
  /** The student's streak in days (from their progress); undefined until it is known. */
  streak: number | undefined;
  /** Whether the student reads: one who does not yet starts listen and pick from a button without words. */
  reads?: boolean;
}

/**
 * "Today" on home for the current student: how many cards wait (due, in their learning steps,
 * new) with one big button to start, or "all done" with when the next ones come; the streak, and
 * confetti when it grew since this device last showed it.
 */
export function TodayPanel({ studentId, limits, streak, reads = true }: TodayPanelProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queue = useReviewQueue(studentId);
  const grown = useStreakGrowth(studentId, streak);
  const { refetch } = queue;
  const shownLimits = useRef(limits);

  useEffect(() => {
    // New limits set in the student form (a dialog over this page): what is left today changes.
    if (shownLimits.current === limits) return;
    shownLimits.current = limits;
    void refetch();
  }, [limits, refetch]);

  useEffect(() => {
    if (grown === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@client/lib/celebration').then((m) => {
      if (!cancelled) stop = m.launchConfetti();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [grown]);

  const counts = queue.data?.counts;
  const toReview = counts ? counts.due + counts.learning : 0;
  const fresh = counts?.new ?? 0;
  const nextDue = queue.data?.next_due_at ?? null;
  const now = new Date();
  const laterToday = nextDue !== null && isSameLocalDay(nextDue, now);

  let body;
  if (queue.isPending) {
    body = <p className={styles.line}>{t('common.loading')}</p>;
  } else if (queue.error) {
    body = (
      <p className={styles.line}>
        {t('review.today.loadFailed')}{' '}
        <Button size="small" onClick={() => void queue.refetch()}>
          {t('common.actions.retry')}
        </Button>
      </p>
    );
  } else if (toReview + fresh > 0) {
    body = (
      <>
        <p className={styles.counts}>
          {[
            toReview > 0 && t('review.today.toReview', { count: toReview }),
            fresh > 0 && t('review.today.new', { count: fresh }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {reads ? (
          <Link to="/study/review" className={`${buttonClass({ variant: 'primary' })} ${styles.start}`}>
            {t('review.today.start')}
          </Link>
        ) : (
          // A child who cannot read yet starts by the pictures alone: an ear and a play sign.
          <Link
            to="/play/review?mode=listen"
            className={`${buttonClass({ variant: 'primary' })} ${styles.start} ${styles.listen}`}
            aria-label={t('review.today.listen')}
          >
            <span aria-hidden="true">👂 ▶</span>
          </Link>
        )}
        <Link to="/play/review" className={`${buttonClass()} ${styles.play}`}>
          <span aria-hidden="true">🎲 </span>
          {t('review.today.play')}
        </Link>
      </>
    );
  } else if (nextDue === null) {
    body = <p className={styles.line}>{t('review.today.nothingYet')}</p>;
  } else {
    body = (
      <div className={styles.done}>
        <Mascot size={72} cheering />
        <div>
          <p className={styles.doneTitle}>{laterToday ? t('review.today.doneForNow') : t('review.today.done')}</p>
          <p className={styles.line}>
            {t(laterToday ? 'review.today.next' : 'review.today.comeBack', {
              when: describeWhen(nextDue, now, languageOf(i18n.language), t),
            })}
          </p>
        </div>
      </div>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId}>{t('review.today.title')}</h2>
        {streak !== undefined && streak > 0 && (
          <p className={styles.streak}>
            <span aria-hidden="true">🔥 </span>
            {t('review.streak.days', { count: streak })}
          </p>
        )}
      </div>
      <p role="status" className={grown === null ? 'visually-hidden' : styles.grown}>
        {grown === null ? '' : t('review.streak.grew', { count: grown })}
      </p>
      {body}
    </section>
  );
}
