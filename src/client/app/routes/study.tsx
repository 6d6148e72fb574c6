import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { isNotFound, VISIT_STALE_MS } from '@client/lib/api-client';
import { lazyNamed } from '@client/components/ui/lazy';
import { useCurrentStudent } from '@client/lib/current-student';
import { parseRouteId } from '@client/lib/route-id';
import { useDeck } from '@client/features/decks/api/get-decks';
import { useRefreshProgress } from '@client/features/progress/api/progress-api';
import { StudyScreen } from '@client/features/study/components/study-screen';

// A deck's review (`?mode=review`) downloads when asked for: with the scheduler and the review
// screen's code, it was half of what a study session's link downloaded before its first card.
const ReviewPage = lazyNamed(() => import('./review').then((m) => m.ReviewPage));
// The study tour opens by itself only on a device's first session (and then from the menu): its
// code downloads when it opens.
const StudyTour = lazyNamed(() => import('@client/features/tours/components/study-tour').then((m) => m.StudyTour));

/** `/study/{id}`, or with `?mode=review` only the deck's cards due today (the review page). */
export default function StudyOrReviewPage() {
  const id = parseRouteId(useParams().id);
  const [search] = useSearchParams();
  return search.get('mode') === 'review' && id !== null ? <ReviewPage deckId={id} /> : <StudyPage />;
}

/** `/study/{id}`: a session over the deck (read afresh for every visit) for the current student. */
function StudyPage() {
  const { t } = useTranslation();
  const id = parseRouteId(useParams().id);
  const deck = useDeck(id, VISIT_STALE_MS);
  const { currentStudent, isLoading } = useCurrentStudent();
  const refreshProgress = useRefreshProgress();

  if (id === null || isNotFound(deck.error)) {
    return <NotFoundScreen title={t('study.notFound.title')} body={t('study.notFound.body')} />;
  }
  return (
    <StudyScreen
      deck={deck}
      student={currentStudent}
      studentLoading={isLoading}
      onResultsSaved={refreshProgress}
      tour={(open, onClose) => open && <StudyTour open onClose={onClose} />}
    />
  );
}
