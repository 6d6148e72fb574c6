import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayOutcome } from '@shared/answer-modes';
import { PLAY_ROUND_SIZE } from '@shared/constants';
import { deckModes, poolsByDeck, shuffled } from '@shared/play-rounds';
import type { Card } from '@shared/schemas/card';
import type { CardResult } from '@shared/schemas/study';
import type { Student } from '@shared/schemas/student';
import { Button, buttonClass } from '@client/components/ui/button';
import { useUserId } from '@client/lib/auth';
import { outcomeOf, sendThroughOutbox, subscribeOutbox } from '@client/lib/outbox';
import { playAnswer, playSave } from '../play-saves';
import { learningSide, nativeSide, PLAY_MODES, type PlayMode, type Side } from '../sides';
import { usePlayStrings } from '../strings';
import { ChoiceGame } from './choice-game';
import { MatchGame } from './match-game';
import { SpellGame } from './spell-game';
import styles from './play.module.css';

const MODE_ICONS: Record<PlayMode, string> = { listen: '👂', choice: '🖼️', match: '🧩', spell: '⌨️' };

export interface PlayScreenProps {
  student: Student;
  /** The cards a round asks (today's review queue, or a deck's cards). */
  cards: readonly Card[];
  /** Cards of the student's other decks, for options when the deck has too few. */
  otherCards?: readonly Card[];
  /** Some of those decks could not be read (offline, not kept on this device): they may hold more. */
  othersMissing?: boolean;
  title: string;
  /** Where the best match time is kept: the deck's id, or "review". */
  boardKey: string;
  exitTo: string;
  mode: PlayMode | null;
  onMode: (mode: PlayMode | null) => void;
  /** The "Listen" button of study (recording, else speech, else why there is no voice). */
  speaker: (card: Card, side: Side, autoRead: boolean) => ReactNode;
  onSaved: () => void;
}

type SaveState = 'saving' | 'saved' | 'waiting' | 'rejected';

/**
 * The play screen (issue 25): the modes offered (with why one is off), a round of the chosen
 * mode, then its score with the celebration. Every answer is a review answer: a round's answers
 * go through the outbox as one save with their mode when the round ends.
 */
export function PlayScreen(props: PlayScreenProps) {
  usePlayStrings();
  const { t } = useTranslation();
  const { student, cards, otherCards = [], mode, onMode } = props;
  const optionSide = nativeSide(student);
  const modes = useMemo(() => deckModes(cards, otherCards, optionSide), [cards, otherCards, optionSide]);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The picker starts at its heading; a game puts the focus on its first control itself.
  useEffect(() => {
    if (mode === null) headingRef.current?.focus();
  }, [mode]);

  return (
    <main id="main" className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {mode ? t(`play.modes.${mode}.name`) : props.title}
      </h1>
      {mode === null || !modes[mode].on ? (
        <ModePicker
          modes={modes}
          onMode={onMode}
          exitTo={props.exitTo}
          name={student.name}
          othersMissing={props.othersMissing ?? false}
        />
      ) : (
        <Round key={mode} {...props} mode={mode} otherCards={otherCards} />
      )}
    </main>
  );
}

function ModePicker({
  modes,
  onMode,
  exitTo,
  name,
  othersMissing,
}: {
  modes: ReturnType<typeof deckModes>;
  onMode: (mode: PlayMode) => void;
  exitTo: string;
  name: string;
  othersMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className={styles.modes} aria-label={t('play.modes.label')}>
        {PLAY_MODES.map((m) => {
          const state = modes[m];
          const reasonId = `play-off-${m}`;
          return (
            <li key={m}>
              <button
                type="button"
                className={styles.mode}
                disabled={!state.on}
                aria-describedby={state.on ? undefined : reasonId}
                onClick={() => onMode(m)}
              >
                <span aria-hidden="true" className={styles.modeIcon}>
                  {MODE_ICONS[m]}
                </span>
                <span className={styles.modeName}>{t(`play.modes.${m}.name`)}</span>
                <span className={styles.modeHint}>{t(`play.modes.${m}.hint`)}</span>
                {!state.on && (
                  <span id={reasonId} className={styles.modeOff}>
                    {t(
                      state.reason === 'needs_four_cards' && othersMissing
                        ? 'play.off.needs_four_cards_offline'
                        : `play.off.${state.reason}`,
                      { name },
                    )}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <Link to={exitTo} className={buttonClass()}>
        {t('play.exit')}
      </Link>
    </>
  );
}

function Round(props: PlayScreenProps & { mode: PlayMode; otherCards: readonly Card[] }) {
  const { t } = useTranslation();
  const { student, mode, speaker } = props;
  // The cards as the round started: the queue read again (answers saved, the connection dropping)
  // must not change a round under the child; "Play again" takes the latest.
  const [{ cards, otherCards }, setSource] = useState({ cards: props.cards, otherCards: props.otherCards });
  const userId = useUserId();
  const typeGroup = useId();
  const [round, setRound] = useState(0);
  const [typedSide, setTypedSide] = useState<Side>(learningSide(student));
  const [end, setEnd] = useState<{ match?: { ms: number; best: boolean } } | null>(null);
  const answers = useRef<(CardResult & { deck_id: number })[]>([]);
  const [score, setScore] = useState({ right: 0, total: 0 });
  const [save, setSave] = useState<SaveState | null>(null);

  // The round's cards: the review queue in its order, a deck shuffled; new ones each round.
  const asked = useMemo(
    () => (props.boardKey === 'review' ? cards : shuffled(cards)).slice(0, PLAY_ROUND_SIZE),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new round draws again
    [cards, props.boardKey, round],
  );
  // Options from the answer's deck first, then the student's other decks (today's review spans several).
  const poolsOf = useMemo(() => poolsByDeck(cards, otherCards), [cards, otherCards]);

  const onAnswer = useCallback(
    (card: Card, outcome: PlayOutcome, shownAt: number) => {
      answers.current.push({ ...playAnswer(card.id, mode, outcome, shownAt), deck_id: card.deck_id });
      setScore((s) => ({ right: s.right + (outcome === 'wrong' ? 0 : 1), total: s.total + 1 }));
    },
    [mode],
  );

  const finish = useCallback(
    (result: { match?: { ms: number; best: boolean } } = {}) => {
      setEnd(result);
      const requests = playSave(student.id, answers.current);
      answers.current = [];
      if (requests.length === 0) return;
      setSave('saving');
      void sendThroughOutbox(requests, userId).then((keys) => {
        const update = () => {
          const outcomes = keys.map(outcomeOf);
          const state: SaveState = outcomes.includes('rejected')
            ? 'rejected'
            : outcomes.includes('waiting')
              ? 'waiting'
              : 'saved';
          setSave(state);
          if (state === 'saved') props.onSaved();
          return state;
        };
        if (update() !== 'waiting') return;
        const stop = subscribeOutbox(() => {
          if (update() !== 'waiting') stop();
        });
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSaved is called with the latest props
    [student.id, userId],
  );

  useEffect(() => {
    if (!end) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@client/lib/celebration').then((m) => {
      if (!cancelled) stop = m.launchConfetti();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [end]);

  const again = () => {
    setSource({ cards: props.cards, otherCards: props.otherCards });
    setEnd(null);
    setSave(null);
    setScore({ right: 0, total: 0 });
    setRound((r) => r + 1);
  };

  if (end) {
    return (
      <section className={styles.end} aria-labelledby="play-end">
        <p aria-hidden="true" className={styles.endStars}>
          {'⭐'.repeat(Math.max(1, Math.round((score.right / Math.max(1, score.total)) * 3)))}
        </p>
        <h2 id="play-end">{t('play.end.title')}</h2>
        <p>{t('play.end.score', { right: score.right, total: score.total })}</p>
        {end.match && (
          <p>
            {t('play.match.yourTime', { seconds: (end.match.ms / 1000).toFixed(1) })}
            {end.match.best && <strong> {t('play.match.newBest')}</strong>}
          </p>
        )}
        <p role="status" className={styles.saveState}>
          {save ? t(`play.save.${save}`) : ''}
        </p>
        <div className={styles.endActions}>
          <Button variant="primary" onClick={again}>
            {t('play.end.again')}
          </Button>
          <Button onClick={() => props.onMode(null)}>{t('play.end.otherGames')}</Button>
          <Link to={props.exitTo} className={buttonClass()}>
            {t('play.end.done')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <>
      <div className={styles.bar}>
        <Button size="small" onClick={() => props.onMode(null)}>
          {t('play.otherGames')}
        </Button>
        {mode === 'spell' && (
          <fieldset className={styles.typeIn}>
            <legend id={typeGroup}>{t('play.spell.language')}</legend>
            {(['en', 'es'] as const).map((side) => (
              <label key={side}>
                <input
                  type="radio"
                  name={typeGroup}
                  checked={typedSide === side}
                  onChange={() => {
                    setTypedSide(side);
                    again();
                  }}
                />
                {t(`play.language.${side}`)}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      {mode === 'listen' || mode === 'choice' ? (
        <ChoiceGame
          key={round}
          mode={mode}
          cards={asked}
          pools={poolsOf}
          promptSide={learningSide(student)}
          optionSide={nativeSide(student)}
          speaker={speaker}
          onAnswer={onAnswer}
          onEnd={finish}
        />
      ) : mode === 'match' ? (
        <MatchGame
          key={round}
          cards={cards}
          side={learningSide(student)}
          boardKey={props.boardKey}
          onAnswer={onAnswer}
          onEnd={(match) => finish({ match })}
        />
      ) : (
        <SpellGame
          key={`${round}:${typedSide}`}
          cards={asked}
          typedSide={typedSide}
          speaker={speaker}
          onAnswer={onAnswer}
          onEnd={finish}
        />
      )}
    </>
  );
}
