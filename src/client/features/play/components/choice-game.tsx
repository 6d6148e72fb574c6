import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayOutcome } from '@shared/answer-modes';
import { choiceRound, type Pools } from '@shared/play-rounds';
import type { Card } from '@shared/schemas/card';
import { Button } from '@client/components/ui/button';
import { CheckIcon, CloseIcon, ForwardIcon, ImageIcon, SpeakerIcon } from '@client/components/ui/icons';
import { cardPictureUrl } from '@client/lib/image-url';
import { speak } from '@client/lib/speech';
import type { Side } from '../sides';
import styles from './play.module.css';

export interface ChoiceGameProps {
  /** listen: the word is heard, pick its picture (or word); choice: a picture or word is shown, pick its other side. */
  mode: 'listen' | 'choice';
  cards: readonly Card[];
  pools: (answer: Card) => Pools<Card>;
  /** The side heard (listen) or shown (choice); options are the other side. */
  promptSide: Side;
  optionSide: Side;
  speaker: (card: Card, side: Side, autoRead: boolean) => ReactNode;
  onAnswer: (card: Card, outcome: PlayOutcome, shownAt: number) => void;
  onEnd: () => void;
}

/**
 * Listen and pick, and picture/word choice: one question at a time, four big options. Each option
 * is a button named by its word (a screen reader reads the choices); after a pick the right one is
 * marked with a tick and a wrong pick with a cross, and "Next" goes on.
 */
export function ChoiceGame({ mode, cards, pools, promptSide, optionSide, speaker, onAnswer, onEnd }: ChoiceGameProps) {
  const { t, i18n } = useTranslation();
  const questions = useMemo(
    () =>
      choiceRound(cards, pools, {
        optionSide,
        preferPictures: mode === 'listen',
      }),
    [cards, pools, optionSide, mode],
  );
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const shownAt = useRef(Date.now());
  const nextRef = useRef<HTMLButtonElement>(null);
  const firstOption = useRef<HTMLButtonElement>(null);
  const q = questions[index];

  useEffect(() => {
    shownAt.current = Date.now();
    setPicked(null);
    firstOption.current?.focus();
  }, [index]);
  useEffect(() => {
    if (picked !== null) nextRef.current?.focus();
  }, [picked]);
  useEffect(() => {
    if (questions.length === 0) onEnd();
  }, [questions.length, onEnd]);

  if (!q) return null;
  const instructions = t(`play.${mode}.instructions`);
  const pick = (card: Card) => {
    if (picked !== null) return;
    setPicked(card.id);
    onAnswer(q.answer, card.id === q.answer.id ? 'correct' : 'wrong', shownAt.current);
  };
  const next = () => (index + 1 < questions.length ? setIndex(index + 1) : onEnd());
  const right = picked === q.answer.id;
  const promptPicture = cardPictureUrl(q.answer);

  return (
    <div className={styles.game}>
      <p className={styles.count}>{t('play.question', { position: index + 1, total: questions.length })}</p>
      <div className={styles.instructions}>
        <span aria-hidden="true" className={styles.instructionIcons}>
          {mode === 'listen' ? <SpeakerIcon size={28} /> : <ImageIcon size={28} />}
          <ForwardIcon size={28} />
          <CheckIcon size={28} />
        </span>
        <span className={styles.instructionText}>{instructions}</span>
        <Button
          size="small"
          aria-label={t('play.hearInstructions')}
          onClick={() => void speak(instructions, i18n.language === 'es' ? 'es' : 'en')}
        >
          <SpeakerIcon />?
        </Button>
      </div>
      <div className={styles.prompt}>
        {mode === 'choice' && (
          <>
            {promptPicture && <img src={promptPicture} alt="" className={styles.promptPicture} />}
            <p className={styles.promptWord} lang={promptSide}>
              {q.answer[promptSide]}
            </p>
          </>
        )}
        <div key={q.answer.id}>{speaker(q.answer, promptSide, mode === 'listen')}</div>
      </div>
      <ul className={styles.options} aria-label={t('play.options')}>
        {q.options.map((option, i) => {
          const picture = q.pictures ? cardPictureUrl(option) : null;
          const state =
            picked === null ? '' : option.id === q.answer.id ? styles.right : option.id === picked ? styles.wrong : '';
          return (
            <li key={option.id}>
              <button
                ref={i === 0 ? firstOption : undefined}
                type="button"
                className={`${styles.option} ${state}`}
                aria-disabled={picked !== null}
                aria-pressed={picked === option.id}
                onClick={() => pick(option)}
                lang={optionSide}
                aria-label={option[optionSide]}
                data-testid="play-option"
              >
                {picture ? (
                  <img src={picture} alt="" className={styles.optionPicture} />
                ) : (
                  <span className={styles.optionWord}>{option[optionSide]}</span>
                )}
                {picked !== null && option.id === q.answer.id && <CheckIcon aria-hidden="true" />}
                {picked === option.id && option.id !== q.answer.id && <CloseIcon aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className={picked === null ? 'visually-hidden' : styles.feedback}>
        {picked === null ? '' : right ? t('play.right') : t('play.wrongWas', { word: q.answer[optionSide] })}
      </p>
      {picked !== null && (
        <Button ref={nextRef} variant="primary" onClick={next} className={styles.next}>
          <span aria-hidden="true">{right ? '⭐' : ''}</span>
          {t('play.next')}
          <ForwardIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
