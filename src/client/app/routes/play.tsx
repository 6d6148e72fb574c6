import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { needsOtherDecks, otherDecksToRead } from '@shared/play-rounds';
import type { Card } from '@shared/schemas/card';
import type { Student } from '@shared/schemas/student';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { isNotFound, VISIT_STALE_MS } from '@client/lib/api-client';
import { useDeckText } from '@client/lib/catalogue';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { keptAsOf, keptKeys } from '@client/lib/offline-store';
import { parseRouteId } from '@client/lib/route-id';
import { deckListQuery, deckQuery, useDeck, useRefreshDecks } from '@client/features/decks/api/get-decks';
import { PlayScreen } from '@client/features/play/components/play-screen';
import { isPlayMode, nativeSide, type PlayMode, type Side } from '@client/features/play/sides';
import { useRefreshProgress } from '@client/features/progress/api/progress-api';
import { useRefreshReview, useReviewQueue } from '@client/features/review/api/review-api';
import { SpeakerButton } from '@client/features/study/components/speaker-button';

const speaker = (card: Card, side: Side, autoRead: boolean) => (
  <SpeakerButton card={card} side={side} autoRead={autoRead} />
);

/**
 * `/play/review` (today's review queue) and `/play/{deckId}` (a deck's cards): the play modes, the
 * one chosen in `?mode=`. Answers refresh progress, the review queue and the decks once saved.
 */
export default function PlayPage() {
  const { t } = useTranslation();
  const { source } = useParams();
  const { currentStudent, isLoading } = useCurrentStudent();
  const deckId = source === 'review' ? null : parseRouteId(source);
  // Only before the student is known: a refresh (the connection dropping) must not restart a round.
  if (isLoading && !currentStudent) return <Spinner />;
  if (source !== 'review' && deckId === null) {
    return <NotFoundScreen title={t('study.notFound.title')} body={t('study.notFound.body')} />;
  }
  if (!currentStudent) {
    return (
      <main id="main">
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
  return deckId === null ? (
    <ReviewPlay key={currentStudent.id} student={currentStudent} />
  ) : (
    <DeckPlay key={`${currentStudent.id}:${deckId}`} student={currentStudent} deckId={deckId} />
  );
}

function useModeParam(): [PlayMode | null, (mode: PlayMode | null) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('mode');
  const set = useCallback((mode: PlayMode | null) => setSearch(mode ? { mode } : {}), [setSearch]);
  return [isPlayMode(raw) ? raw : null, set];
}

function useSaved() {
  const refreshProgress = useRefreshProgress();
  const refreshReview = useRefreshReview();
  const refreshDecks = useRefreshDecks();
  return useCallback(() => {
    void refreshProgress();
    void refreshReview();
    void refreshDecks();
  }, [refreshProgress, refreshReview, refreshDecks]);
}

/**
 * Cards of the student's other decks, read only when `cards` (a deck's, or today's review) cannot
 * give four different options alone (src/shared/play-rounds.ts): a few of the student's decks in
 * the deck list's order, through the decks' own queries, so offline they come from the decks this
 * device keeps. A deck that cannot be read, or left out of a list read from the device, may hold
 * more (`missing`).
 */
function useOtherDeckCards(student: Student, cards: readonly Card[] | undefined, exclude: number | null) {
  const qc = useQueryClient();
  const needed = cards !== undefined && needsOtherDecks(cards, nativeSide(student));
  const others = useQuery({
    queryKey: ['play', 'other-decks', student.id, exclude],
    enabled: needed,
    queryFn: async () => {
      const list = await qc.fetchQuery(deckListQuery(student.id));
      const ids = otherDecksToRead(list, new Set(exclude === null ? [] : [exclude]));
      const read = await Promise.allSettled(ids.map((id) => qc.fetchQuery(deckQuery(id))));
      return {
        cards: read.flatMap((r) => (r.status === 'fulfilled' ? r.value.cards : [])),
        // Offline, the list holds only the decks kept on this device: the others may have more.
        missing: read.some((r) => r.status === 'rejected') || keptAsOf(keptKeys.deckList(student.id)) !== null,
      };
    },
  });
  return {
    cards: others.data?.cards ?? NO_CARDS,
    pending: needed && others.isPending,
    missing: needed && (others.isError || (others.data?.missing ?? false)),
  };
}
const NO_CARDS: readonly Card[] = [];

function ReviewPlay({ student }: { student: Student }) {
  const { t } = useTranslation();
  const queue = useReviewQueue(student.id);
  const [mode, setMode] = useModeParam();
  const saved = useSaved();
  // The last cards there were: once a round's answers empty the queue, its end screen stays.
  const played = useRef<readonly Card[] | null>(null);
  if (queue.data && queue.data.cards.length > 0) played.current = queue.data.cards;
  const others = useOtherDeckCards(student, played.current ?? undefined, null);
  const shown = useRef(false);
  if (queue.isPending || (others.pending && !shown.current)) return <Spinner />;
  if (queue.error && !played.current) return <Alert>{errorText(queue.error, t('review.today.loadFailed'))}</Alert>;
  if (!played.current) {
    return (
      <main id="main">
        <EmptyState
          title={t('review.today.doneForNow')}
          body={t('review.today.nothingYet')}
          action={
            <Link to="/" className={buttonClass({ variant: 'primary' })}>
              {t('study.end.goHome')}
            </Link>
          }
        />
      </main>
    );
  }
  shown.current = true;
  return (
    <PlayScreen
      student={student}
      cards={played.current}
      otherCards={others.cards}
      othersMissing={others.missing}
      title={t('study.review.title')}
      boardKey="review"
      exitTo="/"
      mode={mode}
      onMode={setMode}
      speaker={speaker}
      onSaved={saved}
    />
  );
}

function DeckPlay({ student, deckId }: { student: Student; deckId: number }) {
  const { t } = useTranslation();
  const deck = useDeck(deckId, VISIT_STALE_MS);
  const text = useDeckText(deck.data?.is_imported ?? false);
  const [mode, setMode] = useModeParam();
  const saved = useSaved();
  const others = useOtherDeckCards(student, deck.data?.cards, deckId);
  // Only the first time: other decks read again after a round's answers never hide its end screen.
  const shown = useRef(false);
  if (isNotFound(deck.error)) {
    return <NotFoundScreen title={t('study.notFound.title')} body={t('study.notFound.body')} />;
  }
  if (deck.isPending || (others.pending && !shown.current)) return <Spinner />;
  if (deck.error) return <Alert>{errorText(deck.error, t('review.today.loadFailed'))}</Alert>;
  shown.current = true;
  return (
    <PlayScreen
      student={student}
      cards={deck.data.cards}
      otherCards={others.cards}
      othersMissing={others.missing}
      title={text(deck.data).title}
      boardKey={String(deckId)}
      exitTo={`/deck/${deckId}`}
      mode={mode}
      onMode={setMode}
      speaker={speaker}
      onSaved={saved}
    />
  );
}
