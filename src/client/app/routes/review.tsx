import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewCard } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { buttonClass } from '@client/components/ui/button';
import { EmptyState, Spinner } from '@client/components/ui/feedback';
import { isNotFound, VISIT_STALE_MS } from '@client/lib/api-client';
import { useDeckText } from '@client/lib/catalogue';
import { useCurrentStudent } from '@client/lib/current-student';
import { useDeck, useDecks, useRefreshDecks } from '@client/features/decks/api/get-decks';
import { useRefreshProgress } from '@client/features/progress/api/progress-api';
import { useRefreshReview, useReviewQueue } from '@client/features/review/api/review-api';
import { ReviewScreen } from '@client/features/study/components/review-screen';
import { StudyTour } from '@client/features/tours/components/study-tour';

const tour = (open: boolean, onClose: () => void) => <StudyTour open={open} onClose={onClose} />;

/** `/study/review`: today's review across all the current student's decks. */
export default function ReviewAllPage() {
  return <ReviewPage deckId={null} />;
}

/** Today's review for the current student: all their decks (`deckId` null) or one deck (`/study/{id}?mode=review`). */
export function ReviewPage({ deckId }: { deckId: number | null }) {
  const { t } = useTranslation();
  const { currentStudent, isLoading } = useCurrentStudent();
  if (isLoading) return <Spinner />;
  if (!currentStudent) {
    return (
      <main id="main">
        <h1>{t('study.review.title')}</h1>
        <EmptyState
          title={t('study.review.noStudent.title')}
          body={t('study.review.noStudent.body')}
          action={
            <Link to="/" className={buttonClass({ variant: 'primary' })}>
              {t('study.end.goHome')}
            </Link>
          }
        />
      </main>
    );
  }
  return <StudentReview key={`${currentStudent.id}:${deckId}`} student={currentStudent} deckId={deckId} />;
}

function StudentReview({ student, deckId }: { student: Student; deckId: number | null }) {
  const { t } = useTranslation();
  const queue = useReviewQueue(student.id, deckId);
  // Titles and colours of the decks (read for home already); the one deck reviewed, when it is one.
  const decks = useDecks(student.id);
  const deck = useDeck(deckId, VISIT_STALE_MS);
  const text = useDeckText(true);
  const refreshProgress = useRefreshProgress();
  const refreshReview = useRefreshReview();
  const refreshDecks = useRefreshDecks();
  const saved = useCallback(() => {
    void refreshProgress();
    void refreshReview();
    void refreshDecks();
  }, [refreshProgress, refreshReview, refreshDecks]);

  if (deckId !== null && (isNotFound(deck.error) || isNotFound(queue.error))) {
    return <NotFoundScreen title={t('study.notFound.title')} body={t('study.notFound.body')} />;
  }
  const deckOf = (card: ReviewCard) => {
    const known = decks.data?.find((d) => d.id === card.deck_id) ?? (deck.data?.id === card.deck_id ? deck.data : null);
    return {
      title: text(known ?? { title: card.deck_title, subtitle: null }).title,
      color: known?.color ?? 'var(--color-primary)',
    };
  };
  const title =
    deckId === null
      ? t('study.review.title')
      : t('study.review.deckTitle', {
          title: text(deck.data ?? { title: queue.data?.cards[0]?.deck_title ?? '', subtitle: null }).title,
        });

  return (
    <ReviewScreen
      queue={queue}
      student={student}
      title={title}
      exitTo={deckId === null ? '/' : `/deck/${deckId}`}
      deckOf={deckOf}
      showDeckNames={deckId === null}
      onResultsSaved={saved}
      tour={tour}
    />
  );
}
