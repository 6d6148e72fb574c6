import { Navigate } from 'react-router';
import { Spinner } from '@client/components/ui/feedback';
import { useCurrentStudent } from '@client/lib/current-student';
import { readFlag } from '@client/lib/storage';
import { DecksHome, DecksHomeLoading } from '@client/features/decks/components/decks-home';
import { useProgress } from '@client/features/progress/api/progress-api';
import { TodayPanel } from '@client/features/review/components/today-panel';
import { HomeTour } from '@client/features/tours/components/home-tour';

/** `/` while the user check runs: a device that was signed in shows the deck list's frame at once. */
export function HomePending() {
  return readFlag('signedIn') ? (
    <main id="main">
      <DecksHomeLoading />
    </main>
  ) : (
    <Spinner />
  );
}

/**
 * The current student's Today panel, with the streak from their progress (the review queue does not
 * carry it). Progress is not read at boot: the streak may show a moment after the counts.
 */
function Today({ studentId }: { studentId: number }) {
  const progress = useProgress(studentId);
  return <TodayPanel studentId={studentId} streak={progress.data && streakOf(progress.data)} />;
}

const streakOf = (progress: { memory_statistics?: { streak_days: number } | null }) =>
  progress.memory_statistics?.streak_days;

/**
 * `/` for a user (visitors get the welcome): onboarding first for new users, the deck list
 * otherwise, with the current student's Today panel above it.
 */
export function HomePage() {
  const { currentStudent, isLoading } = useCurrentStudent();
  if (!readFlag('onboardingCompleted')) return <Navigate to="/onboarding" replace />;
  return (
    <main id="main">
      {isLoading ? (
        <DecksHomeLoading />
      ) : (
        // Another student starts on page 1 with no search.
        <DecksHome
          key={currentStudent?.id ?? 'all'}
          studentId={currentStudent?.id ?? null}
          intro={currentStudent && <Today studentId={currentStudent.id} />}
        />
      )}
      <HomeTour />
    </main>
  );
}
