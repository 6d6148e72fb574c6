import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '@client/components/ui/button';
import { EmptyState, Spinner } from '@client/components/ui/feedback';
import { readFlag } from '@client/lib/storage';
import { useAuth } from '../features/auth/auth-provider';
import { Welcome } from '../features/auth/components/welcome';
import { DecksHome, DecksHomeLoading } from '../features/decks/components/decks-home';
import { HomeTour } from '../features/tours/components/home-tour';

/** `/`: welcome for visitors; onboarding first for new users; the deck list otherwise. */
export function HomePage() {
  const { user, isPending } = useAuth();
  if (isPending) {
    // A device that was signed in shows the deck list's frame at once, not a bare spinner.
    return readFlag('signedIn') ? (
      <main id="main">
        <DecksHomeLoading />
      </main>
    ) : (
      <Spinner />
    );
  }
  if (!user) return <Welcome />;
  if (!readFlag('onboardingCompleted')) return <Navigate to="/onboarding" replace />;
  return (
    <main id="main">
      <DecksHome />
      <HomeTour />
    </main>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <EmptyState
        title={t('common.notFound.title')}
        body={t('common.notFound.body')}
        action={
          <Link to="/" className={buttonClass({ variant: 'primary' })}>
            {t('common.actions.goHome')}
          </Link>
        }
      />
    </main>
  );
}
