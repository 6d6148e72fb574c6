import { useTranslation } from 'react-i18next';
import type { GradingMode, ReviewRating } from '@shared/constants';
import type { Interval } from '@shared/srs';
import { Button } from '@client/components/ui/button';
import { CheckIcon, CloseIcon, ForwardIcon } from '@client/components/ui/icons';
import { formatInterval } from '@client/lib/schedule-text';
import styles from './review.module.css';
import studyStyles from './study.module.css';

interface GradingButtonsProps {
  grading: GradingMode;
  /** When the card would come back for each rating (detailed grading shows it on the button). */
  intervals: Record<ReviewRating, Interval>;
  onAnswer: (rating: ReviewRating) => void;
  onSkip: () => void;
}

const DETAILED: { rating: ReviewRating; variant: 'danger' | 'secondary' | 'primary'; className?: string }[] = [
  { rating: 'again', variant: 'danger' },
  { rating: 'hard', variant: 'secondary' },
  { rating: 'good', variant: 'primary', className: styles.good },
  { rating: 'easy', variant: 'primary' },
];

/**
 * The answers of a review: Not mastered / Mastered (simple grading, young children), or Again /
 * Hard / Good / Easy each with when the card would come back (detailed grading); and Skip, which
 * leaves the card due.
 */
export function GradingButtons({ grading, intervals, onAnswer, onSkip }: GradingButtonsProps) {
  const { t } = useTranslation();
  const skip = (
    <Button variant="ghost" onClick={onSkip} data-tour="study-skip">
      {t('study.actions.skip')}
      <ForwardIcon />
    </Button>
  );
  if (grading === 'simple') {
    return (
      <div className={`${studyStyles.controls} ${styles.simple}`}>
        <Button variant="danger" onClick={() => onAnswer('again')}>
          <CloseIcon />
          {t('study.actions.notMastered')}
        </Button>
        <Button
          variant="primary"
          className={studyStyles.mastered}
          onClick={() => onAnswer('good')}
          data-tour="study-mastered"
        >
          <CheckIcon />
          {t('study.actions.mastered')}
        </Button>
        {skip}
      </div>
    );
  }
  return (
    <div className={styles.detailed}>
      <div className={styles.ratings}>
        {DETAILED.map(({ rating, variant, className }) => (
          <Button
            key={rating}
            variant={variant}
            className={`${styles.rating} ${className ?? ''}`}
            onClick={() => onAnswer(rating)}
            data-tour={rating === 'good' ? 'study-mastered' : undefined}
          >
            <span>{t(`study.review.rating.${rating}`)}</span>{' '}
            <span className={styles.interval}>{formatInterval(intervals[rating].interval_ms, t)}</span>
          </Button>
        ))}
      </div>
      <div className={styles.skipRow}>{skip}</div>
    </div>
  );
}
