import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DeckWithCards } from '@shared/schemas/deck';
import type { Student } from '@shared/schemas/student';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { firstSideFor } from '../first-side';
import type { Side } from './flash-card';
import { StudySession, type StudySlots } from './study-session';

interface StudyScreenProps extends StudySlots {
  /** The deck with its cards, as the page reads it (a missing deck is the page's not-found screen). */
  deck: UseQueryResult<DeckWithCards>;
  student: Student | null;
  /** True while the students load: the first side depends on the current student. */
  studentLoading: boolean;
}

/** The study screen (SPEC §2 Study): a session over the deck, once it and the student are known. */
export function StudyScreen({ deck, student, studentLoading, ...slots }: StudyScreenProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();

  if (deck.error) {
    return (
      <main id="main">
        <h1>{t('study.loadFailed')}</h1>
        <Alert>
          {/* Offline, a deck not kept on the device: say so plainly, as its deck page does. */}
          {deck.error instanceof ApiRequestError && deck.error.status === 0
            ? t('offline.notKept')
            : errorText(deck.error, t('study.loadFailed'))}
        </Alert>
        <Button variant="primary" onClick={() => void deck.refetch()}>
          {t('study.retry')}
        </Button>
      </main>
    );
  }
  if (deck.isPending || studentLoading) return <Spinner />;

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

  const firstSide = firstSideFor(search.get('startWithFront'), student);
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
      student={student}
      firstSide={firstSide}
      onFirstSideChange={changeFirstSide}
      {...slots}
    />
  );
}
