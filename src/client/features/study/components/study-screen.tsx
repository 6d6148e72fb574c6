import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { parseRouteId } from '@client/lib/route-id';
import { useAuth } from '../../auth/auth-provider';
import { useCurrentStudent } from '../../students/current-student';
import { useStudyDeck } from '../api/get-study-deck';
import { firstSideFor } from '../first-side';
import type { Side } from './flash-card';
import { StudySession } from './study-session';

/** `/study/{id}`: loads the deck and the current student, then runs a session. */
export default function StudyPage() {
  const { t } = useTranslation();
  const { user, isPending } = useAuth();
  const { currentStudent, isLoading: studentsLoading } = useCurrentStudent();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const id = parseRouteId(params.id);
  const deck = useStudyDeck(id, Boolean(user));

  if (isPending) return <Spinner />;
  if (!user) return <Navigate to="/" replace />;

  const notFound =
    id === null || (deck.error instanceof ApiRequestError && (deck.error.status === 404 || deck.error.status === 400));
  if (notFound) {
    return (
      <main id="main">
        <EmptyState
          title={t('study.notFound.title')}
          body={t('study.notFound.body')}
          action={
            <Link to="/" className={buttonClass({ variant: 'primary' })}>
              {t('study.end.goHome')}
            </Link>
          }
        />
      </main>
    );
  }
  if (deck.error) {
    return (
      <main id="main">
        <h1>{t('study.loadFailed')}</h1>
        <Alert>{errorText(deck.error, t('study.loadFailed'))}</Alert>
        <Button variant="primary" onClick={() => void deck.refetch()}>
          {t('study.retry')}
        </Button>
      </main>
    );
  }
  if (deck.isPending || studentsLoading) return <Spinner />;

  const data = deck.data;
  if (data.cards.length === 0) {
    return (
      <main id="main">
        <h1 className="visually-hidden">{data.title}</h1>
        <EmptyState
          title={t('study.noCards.title')}
          body={t('study.noCards.body')}
          action={
            <Link to={`/deck/${data.id}`} className={buttonClass({ variant: 'primary' })}>
              {t('study.noCards.back')}
            </Link>
          }
        />
      </main>
    );
  }

  const firstSide = firstSideFor(search.get('startWithFront'), currentStudent);
  const changeFirstSide = (side: Side) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('startWithFront', side === 'en' ? 'true' : 'false');
        return next;
      },
      { replace: true },
    );

  return (
    <StudySession
      key={data.id}
      deck={data}
      student={currentStudent}
      firstSide={firstSide}
      onFirstSideChange={changeFirstSide}
    />
  );
}
