import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Card } from '@shared/schemas/card';
import type { DeckWithCards } from '@shared/schemas/deck';
import type { Student } from '@shared/schemas/student';
import { shuffle } from '@shared/study';
import { Button, buttonClass } from '@client/components/ui/button';
import { BackIcon, CheckIcon, CloseIcon, ForwardIcon } from '@client/components/ui/icons';
import { lazyNamed } from '@client/components/ui/lazy';
import { Menu } from '@client/components/ui/menu';
import { useDeckText } from '@client/lib/catalogue';
import { stopSpeaking } from '@client/lib/speech';
import { pageSettled } from '@client/lib/page-settled';
import { readFlag } from '@client/lib/storage';
import { buildPendingSave, useStudySaver } from '../hooks/use-study-saver';
import { initialStudyState, studyReducer, summarize, type StudyAction, type StudyState } from '../study-state';
import { FlashCard, otherSide, wordOf, type Side } from './flash-card';
import { SpeakerButton } from './speaker-button';
import { SaveNote } from './save-note';
import styles from './study.module.css';

// The end of a session (its dialog, the mascot, confetti and tones) is not needed for the first
// card: downloaded once the page has settled, shown when the session ends.
const loadEndDialog = () => import('./study-end-dialog').then((m) => m.StudyEndDialog);
const StudyEndDialog = lazyNamed(loadEndDialog);

type State = StudyState<Card>;
const reducer = (s: State, a: StudyAction<Card>) => studyReducer(s, a);

/** What the session needs from other features, given by the page. */
export interface StudySlots {
  /** The study tour (the tours feature's), open or closed; closing it in any way calls `onClose`. */
  tour: (open: boolean, onClose: () => void) => ReactNode;
  /** Runs after a result reached the server (the progress shown elsewhere is then out of date). */
  onResultsSaved: () => void;
}

interface StudySessionProps extends StudySlots {
  deck: DeckWithCards;
  student: Student | null;
  firstSide: Side;
  onFirstSideChange: (side: Side) => void;
}

/** One study session over a deck with cards: card, controls, end dialog and study tour. */
export function StudySession({ deck, student, firstSide, onFirstSideChange, tour, onResultsSaved }: StudySessionProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(reducer, deck.cards, (cards) => initialStudyState(shuffle(cards), Date.now()));
  const [announcement, setAnnouncement] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(() => !readFlag('studyTourCompleted'));
  const closeTour = useCallback(() => setTourOpen(false), []);
  const [focusCard, setFocusCard] = useState(0);
  const saver = useStudySaver(onResultsSaved);
  const deckTitle = useDeckText(deck.is_imported)(deck).title;
  const cardRef = useRef<HTMLButtonElement>(null);
  const summary = useMemo(() => summarize(state), [state]);

  const total = state.cards.length;
  const card = state.cards[state.index]!;
  const shown: Side = state.flipped ? otherSide(firstSide) : firstSide;
  const sideText = (side: Side, c: Card = card) => ({ side: t(`study.side.${side}`), word: wordOf(c, side) });

  useEffect(() => stopSpeaking, []);
  // Once the page has settled (the first card long painted): none of it is needed before the last card.
  useEffect(() => {
    void pageSettled()
      .then(loadEndDialog)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!focusCard) return;
    // After the dialog has closed and given focus back (Radix does it in a timeout).
    const timer = setTimeout(() => cardRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusCard]);

  const finish = useCallback(
    async (done: State) => {
      const s = summarize(done);
      setAnnouncement(
        s.allMastered
          ? `${t('study.end.congratulations')} ${t('study.end.perfect', { count: s.total })}`
          : `${t('study.end.greatJob')} ${t('study.end.mastered')}: ${s.mastered}. ${t('study.end.notMastered')}: ${s.notMastered}.`,
      );
      const entry = student
        ? buildPendingSave({
            studentId: student.id,
            deckId: deck.id,
            summary: s,
            startedAt: done.startedAt,
            finishedAt: done.finishedAt ?? Date.now(),
          })
        : null;
      await saver.save(entry);
      setDialogOpen(true);
    },
    [deck.id, saver, student, t],
  );

  const act = (action: StudyAction<Card>) => {
    const next = reducer(state, action);
    dispatch(action);
    if (next === state) return;
    if (next.finished && !state.finished) {
      void finish(next);
    } else if (next.index !== state.index) {
      const nextCard = next.cards[next.index]!;
      setAnnouncement(t('study.announce.card', { position: next.index + 1, total, ...sideText(firstSide, nextCard) }));
      if (next.index === 0) cardRef.current?.focus(); // Previous just became disabled
    } else if (next.flipped !== state.flipped) {
      setAnnouncement(t('study.announce.side', sideText(next.flipped ? otherSide(firstSide) : firstSide)));
    }
  };

  const restart = () => {
    stopSpeaking();
    saver.reset();
    setDialogOpen(false);
    const cards = shuffle(deck.cards);
    dispatch({ type: 'restart', cards, now: Date.now() });
    setAnnouncement(t('study.announce.restarted', { total: cards.length }));
    setFocusCard((n) => n + 1);
  };

  const chooseFirstSide = (side: Side) => {
    if (side === firstSide) return;
    onFirstSideChange(side);
    dispatch({ type: 'unflip' });
    setAnnouncement(t('study.announce.side', sideText(side)));
  };

  const now = () => Date.now();
  const position = state.index + 1;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.topBar}>
        <Link to={`/deck/${deck.id}`} className={buttonClass({ variant: 'ghost' })}>
          <CloseIcon />
          {t('study.exit')}
        </Link>
        <h1 className={styles.title}>{deckTitle}</h1>
        <Menu
          label={t('study.menu.label')}
          items={[
            { label: t('study.menu.restart'), onSelect: restart },
            { label: t('study.menu.showTour'), onSelect: () => setTourOpen(true) },
          ]}
        />
      </div>

      {!student && <p className={styles.note}>{t('study.noStudent')}</p>}

      <div className={styles.progressRow}>
        <span className={styles.counter} aria-hidden="true">
          {t('study.progress.value', { position, total })}
        </span>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label={t('study.progress.label')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position}
          aria-valuetext={t('study.progress.valueText', { position, total })}
        >
          <span className={styles.progressFill} style={{ width: `${(position / total) * 100}%` }} />
        </div>
      </div>

      <div className={styles.sideToggle} role="group" aria-labelledby="study-first-side">
        <span id="study-first-side">{t('study.firstSide.label')}</span>
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
        <SpeakerButton card={card} side={shown} autoRead={Boolean(student?.auto_read) && !state.finished} />
      </div>

      {state.finished && !dialogOpen ? (
        <div className={styles.finished}>
          <SaveNote status={saver.status} />
          {saver.status !== 'saving' && (
            <div className={styles.controls}>
              <Button onClick={() => setDialogOpen(true)}>{t('study.end.showResults')}</Button>
              <Button variant="primary" onClick={restart}>
                {t('study.end.tryAgain')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className={styles.controls}>
          <Button onClick={() => act({ type: 'previous' })} disabled={state.index === 0 || state.finished}>
            <BackIcon />
            {t('study.actions.previous')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => act({ type: 'skip', now: now() })}
            disabled={state.finished}
            data-tour="study-skip"
          >
            {t('study.actions.skip')}
            <ForwardIcon />
          </Button>
          <Button
            variant="danger"
            onClick={() => act({ type: 'mark', mark: 'not-mastered', now: now() })}
            disabled={state.finished}
          >
            <CloseIcon />
            {t('study.actions.notMastered')}
          </Button>
          <Button
            variant="primary"
            className={styles.mastered}
            onClick={() => act({ type: 'mark', mark: 'mastered', now: now() })}
            disabled={state.finished}
            data-tour="study-mastered"
          >
            <CheckIcon />
            {t('study.actions.mastered')}
          </Button>
        </div>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {state.finished && (
        <StudyEndDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          summary={summary}
          hasStudent={Boolean(student)}
          onTryAgain={restart}
          saveNote={<SaveNote status={saver.status} />}
        />
      )}
      {tour(tourOpen, closeTour)}
    </main>
  );
}
