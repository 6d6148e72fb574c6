import { Navigate } from 'react-router';
import { Spinner } from '@client/components/ui/feedback';
import { useCurrentStudent } from '@client/lib/current-student';
import { readFlag } from '@client/lib/storage';
import { DecksHome, DecksHomeLoading } from '@client/features/decks/components/decks-home';
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

/** `/` for a user (visitors get the welcome): onboarding first for new users, the deck list otherwise. */
export function HomePage() {
  const { currentStudent, isLoading } = useCurrentStudent();
  if (!readFlag('onboardingCompleted')) return <Navigate to="/onboarding" replace />;
  return (
    <main id="main">
      {isLoading ? (
        <DecksHomeLoading />
      ) : (
        // Another student starts on page 1 with no search.
        <DecksHome key={currentStudent?.id ?? 'all'} studentId={currentStudent?.id ?? null} />
      )}
      <HomeTour />
    </main>
  );
}
