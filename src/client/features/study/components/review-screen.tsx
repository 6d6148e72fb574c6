import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REVIEW_SESSION_SIZE } from '@shared/constants';
import type { ReviewCard, ReviewQueue } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import { Mascot } from '@client/components/illustrations/mascot';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { errorText } from '@client/lib/errors';
import { describeWhen, isSameLocalDay, languageOf } from '@client/lib/schedule-text';
import { firstSideFor } from '../first-side';
import type { Side } from './flash-card';
import { ReviewSession, type DeckLook } from './review-session';
import type { StudySlots } from './study-session';
import reviewStyles from './review.module.css';

interface ReviewScreenProps extends StudySlots {
  /** The student's review queue (all decks or one), as the page reads it. */
  queue: UseQueryResult<ReviewQueue>;
  student: Student;
  title: string;
  exitTo: string;
  deckOf: (card: ReviewCard) => DeckLook;
  showDeckNames: boolean;
}

interface Round {
  n: number;
  cards: readonly ReviewCard[];
}

/**
 * The review screen (`/study/review`, `/study/{id}?mode=review`): sessions of at most
 * REVIEW_SESSION_SIZE due cards, one after another while the student keeps going, or the "all
 * done" screen when nothing is due. Each session keeps the cards it started with; the queue is
 * read again after every save, and only that fresh reading offers more.
 */
export function ReviewScreen({ queue, ...rest }: ReviewScreenProps) {
  const { t } = useTranslation();
  if (!queue.data) {
    return queue.error ? (
      <main id="main">
        <h1>{t('study.review.loadFailed')}</h1>
        <Alert>{errorText(queue.error, t('study.review.loadFailed'))}</Alert>
        <Button variant="primary" onClick={() => void queue.refetch()}>
          {t('study.retry')}
        </Button>
      </main>
    ) : (
      <Spinner />
    );
  }
  return <Rounds queue={queue} first={queue.data.cards} {...rest} />;
}

function Rounds({
  queue,
  first,
  student,
  title,
  exitTo,
  deckOf,
  showDeckNames,
  ...slots
}: ReviewScreenProps & { first: readonly ReviewCard[] }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [round, setRound] = useState<Round>(() => ({ n: 0, cards: first.slice(0, REVIEW_SESSION_SIZE) }));
  // The queue as read by a request sent after this session's answers were saved.
  const [after, setAfter] = useState<ReviewQueue | undefined>(undefined);
  const { onResultsSaved } = slots;
  const { refetch } = queue;
  const saved = useCallback(() => {
    setAfter(undefined);
    onResultsSaved();
    void refetch().then((result) => setAfter(result.data));
  }, [onResultsSaved, refetch]);
  const data = queue.data!;

  if (round.cards.length === 0) {
    const nextDue = data.next_due_at;
    const now = new Date();
    const laterToday = nextDue !== null && isSameLocalDay(nextDue, now);
    return (
      <main id="main" className={reviewStyles.doneScreen}>
        <Mascot size={140} cheering />
        <h1>
          {nextDue === null
            ? t('study.review.nothing')
            : laterToday
              ? t('study.review.doneForNow')
              : t('study.review.done')}
        </h1>
        {nextDue && (
          <p>
            {t(laterToday ? 'study.review.next' : 'study.review.comeBack', {
              when: describeWhen(nextDue, now, languageOf(i18n.language), t),
            })}
          </p>
        )}
        <div className={reviewStyles.doneActions}>
          <Link to={exitTo} className={buttonClass({ variant: 'primary' })}>
            {exitTo === '/' ? t('study.end.goHome') : t('study.review.backToDeck')}
          </Link>
          <Link to="/progress" className={buttonClass()}>
            {t('study.end.seeProgress')}
          </Link>
        </div>
      </main>
    );
  }

  const keepGoing = () => {
    setRound({ n: round.n + 1, cards: (after ?? data).cards.slice(0, REVIEW_SESSION_SIZE) });
    setAfter(undefined);
  };
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
    <ReviewSession
      key={round.n}
      cards={round.cards}
      student={student}
      parameters={data.parameters ?? null}
      title={title}
      exitTo={exitTo}
      deckOf={deckOf}
      showDeckNames={showDeckNames}
      firstSide={firstSideFor(search.get('startWithFront'), student)}
      onFirstSideChange={changeFirstSide}
      after={after}
      onKeepGoing={keepGoing}
      focusCard={round.n > 0}
      tour={slots.tour}
      onResultsSaved={saved}
    />
  );
}
