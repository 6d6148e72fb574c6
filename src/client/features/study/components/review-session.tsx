import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewRating } from '@shared/constants';
import type { ReviewCard, ReviewQueue } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import { schedulerFor } from '@shared/srs';
import { Button, buttonClass } from '@client/components/ui/button';
import { CloseIcon } from '@client/components/ui/icons';
import { Menu } from '@client/components/ui/menu';
import { readFlag } from '@client/lib/storage';
import { useStudySaver } from '../hooks/use-study-saver';
import { buildReviewSaves } from '../review-saves';
import {
  initialReviewState,
  reviewReducer,
  summarizeReview,
  type ReviewAction,
  type ReviewState,
} from '../review-state';
import { FlashCard, otherSide, wordOf, type Side } from './flash-card';
import { GradingButtons } from './grading-buttons';
import { ReviewEndDialog } from './review-end-dialog';
import { SpeakerButton } from './speaker-button';
import { SaveNote } from './save-note';
import type { StudySlots } from './study-session';
import styles from './study.module.css';
import reviewStyles from './review.module.css';

type State = ReviewState<ReviewCard>;
const reducer = (s: State, a: ReviewAction) => reviewReducer(s, a);

/** How a card's deck is shown: its title (a catalogue deck's in the interface language) and colour. */
export interface DeckLook {
  title: string;
  color: string;
}

export interface ReviewSessionProps extends StudySlots {
  /** The cards of this session (at most REVIEW_SESSION_SIZE), in queue order. */
  cards: readonly ReviewCard[];
  student: Student;
  title: string;
  /** Where Exit leads: home, or the deck reviewed. */
  exitTo: string;
  deckOf: (card: ReviewCard) => DeckLook;
  /** Name each card's deck above it (a review across decks). */
  showDeckNames: boolean;
  firstSide: Side;
  onFirstSideChange: (side: Side) => void;
  /** The queue as read again after this session's answers were saved; undefined until then. */
  after: ReviewQueue | undefined;
  onKeepGoing: () => void;
  /** Put focus on the card at once (a session that follows another, started from the end dialog). */
  focusCard?: boolean;
  /** The student's own FSRS parameters once tuned (the queue's), null for the defaults. */
  parameters?: readonly number[] | null;
}

/**
 * One review session: the study screen's flip card, speech, side choice and tour, with the
 * student's grading buttons; at the end the answers are saved and a dialog says how it went and
 * when the next cards are due, offering "Keep going" while more are due now.
 */
export function ReviewSession(props: ReviewSessionProps) {
  const { cards, student, title, exitTo, deckOf, showDeckNames, firstSide, onFirstSideChange, tour } = props;
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(reducer, cards, (c) => initialReviewState(c, Date.now()));
  const [announcement, setAnnouncement] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(() => !readFlag('studyTourCompleted'));
  const closeTour = useCallback(() => setTourOpen(false), []);
  const saver = useStudySaver(props.onResultsSaved);
  const cardRef = useRef<HTMLButtonElement>(null);
  const summary = useMemo(() => summarizeReview(state), [state]);
  const { focusCard } = props;

  useEffect(() => {
    if (!focusCard) return;
    // After the closing dialog has given focus back (Radix does it in a timeout).
    const timer = setTimeout(() => cardRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusCard]);

  const total = state.cards.length;
  const card = state.cards[state.index]!;
  const shown: Side = state.flipped ? otherSide(firstSide) : firstSide;
  const sideText = (side: Side, c: ReviewCard = card) => ({ side: t(`study.side.${side}`), word: wordOf(c, side) });
  // When the card would come back for each answer, as the server schedules it (src/shared/srs.ts),
  // previewed as of the moment the card appeared (the fuzz may move the real one by a little).
  const retention = student.desired_retention;
  const parameters = props.parameters ?? null;
  const intervals = useMemo(
    () => schedulerFor({ desired_retention: retention, parameters }).preview(card.memory, card.id, state.shownAt),
    [card, state.shownAt, retention, parameters],
  );

  const finish = async (done: State) => {
    const s = summarizeReview(done);
    setAnnouncement(
      s.allRemembered
        ? `${t('study.end.congratulations')} ${t('study.review.end.allRemembered', { count: s.total })}`
        : `${t('study.end.greatJob')} ${t('study.review.end.remembered')}: ${s.remembered}. ${t('study.review.end.forgot')}: ${s.forgot}.`,
    );
    await saver.save(buildReviewSaves(student.id, done));
    setDialogOpen(true);
  };

  const act = (action: ReviewAction) => {
    const next = reducer(state, action);
    dispatch(action);
    if (next === state) return;
    if (next.finished && !state.finished) {
      void finish(next);
    } else if (next.index !== state.index) {
      const nextCard = next.cards[next.index]!;
      setAnnouncement(t('study.announce.card', { position: next.index + 1, total, ...sideText(firstSide, nextCard) }));
    } else if (next.flipped !== state.flipped) {
      setAnnouncement(t('study.announce.side', sideText(next.flipped ? otherSide(firstSide) : firstSide)));
    }
  };

  const chooseFirstSide = (side: Side) => {
    if (side === firstSide) return;
    onFirstSideChange(side);
    dispatch({ type: 'unflip' });
    setAnnouncement(t('study.announce.side', sideText(side)));
  };

  const position = Math.min(state.index + 1, total);
  const deck = deckOf(card);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.topBar}>
        <Link to={exitTo} className={buttonClass({ variant: 'ghost' })}>
          <CloseIcon />
          {t('study.exit')}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        <Menu
          label={t('study.menu.label')}
          items={[{ label: t('study.menu.showTour'), onSelect: () => setTourOpen(true) }]}
        />
      </div>

      <div className={styles.progressRow}>
        <span className={styles.counter} aria-hidden="true">
          {t('study.progress.value', { position, total })}
        </span>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label={t('study.review.progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position}
          aria-valuetext={t('study.progress.valueText', { position, total })}
        >
          <span className={styles.progressFill} style={{ width: `${(position / total) * 100}%` }} />
        </div>
      </div>

      <div className={styles.sideToggle} role="group" aria-labelledby="review-first-side">
        <span id="review-first-side">{t('study.firstSide.label')}</span>
        {(['en', 'es'] as const).map((side) => (
          <Button
            key={side}
            size="small"
            variant={firstSide === side ? 'primary' : 'secondary'}
            aria-pressed={firstSide === side}
            onClick={() => chooseFirstSide(side)}
          >
            {t(`study.language.${side}`)}
          </Button>
        ))}
      </div>

      {showDeckNames && <p className={reviewStyles.deckName}>{t('study.review.fromDeck', { title: deck.title })}</p>}

      <FlashCard
        ref={cardRef}
        card={card}
        position={position}
        total={total}
        firstSide={firstSide}
        flipped={state.flipped}
        color={deck.color}
        onFlip={() => act({ type: 'flip' })}
      />

      <div className={styles.speakRow}>
        <SpeakerButton card={card} side={shown} autoRead={student.auto_read && !state.finished} />
      </div>

      {state.finished ? (
        !dialogOpen && (
          <div className={styles.finished}>
            <SaveNote status={saver.status} />
            {saver.status !== 'saving' && (
              <div className={styles.controls}>
                <Button onClick={() => setDialogOpen(true)}>{t('study.end.showResults')}</Button>
              </div>
            )}
          </div>
        )
      ) : (
        <GradingButtons
          grading={student.grading}
          intervals={intervals}
          onAnswer={(rating: ReviewRating) => act({ type: 'answer', rating, now: Date.now() })}
          onSkip={() => act({ type: 'skip', now: Date.now() })}
        />
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <ReviewEndDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        summary={summary}
        saveStatus={saver.status}
        after={props.after}
        onKeepGoing={props.onKeepGoing}
      />
      {tour(tourOpen, closeTour)}
    </main>
  );
}
