import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayOutcome } from '@shared/answer-modes';
import { CARD_TEXT_MAX } from '@shared/constants';
import type { Card } from '@shared/schemas/card';
import { checkSpelling, spellingForm, spellingOutcome, type SpellingResult } from '@shared/spelling';
import { Button } from '@client/components/ui/button';
import { ForwardIcon } from '@client/components/ui/icons';
import { cardPictureUrl } from '@client/lib/image-url';
import { otherSide, type Side } from '../sides';
import styles from './play.module.css';

/** The letters a child cannot find on every keyboard. */
const SPECIAL_KEYS = ['á', 'é', 'í', 'ó', 'ú', 'ü', 'ñ', '¿', '¡'];

export interface SpellGameProps {
  cards: readonly Card[];
  /** The side typed; the other side is shown and heard. */
  typedSide: Side;
  speaker: (card: Card, side: Side, autoRead: boolean) => ReactNode;
  onAnswer: (card: Card, outcome: PlayOutcome, shownAt: number) => void;
  onEnd: () => void;
}

/** The expected answer with the letters the feedback names underlined. */
function Marked({ text, marks }: { text: string; marks: ReadonlySet<number> }) {
  const letters = [...spellingForm(text)];
  return (
    <span className={styles.answerWord}>
      {letters.map((c, i) =>
        marks.has(i) ? (
          <mark key={i} className={styles.mark}>
            {c}
          </mark>
        ) : (
          <span key={i}>{c}</span>
        ),
      )}
    </span>
  );
}

/**
 * Spell it: the card's other side is shown (and can be heard); the child types this side. One try
 * per card: right, "casi" (only an accent or ñ missing, the letter named), a one-letter typo shown
 * as a difference, or the answer shown. Keys for á é í ó ú ü ñ ¿ ¡ type at the cursor.
 */
export function SpellGame({ cards, typedSide, speaker, onAnswer, onEnd }: SpellGameProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const feedbackId = useId();
  const [index, setIndex] = useState(0);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<SpellingResult | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const shownAt = useRef(Date.now());
  const card = cards[index];
  const shownSide = otherSide(typedSide);

  // A new round's field is cleared and writable in the same render that shows its card, and then
  // focused: cleared by an effect after that render, it was focused while still read-only, and the
  // first letters a quick child typed were lost.
  useEffect(() => {
    shownAt.current = Date.now();
    inputRef.current?.focus();
  }, [index]);
  useEffect(() => {
    if (result) nextRef.current?.focus();
  }, [result]);

  const marks = useMemo(() => {
    if (!result) return new Set<number>();
    if (result.kind === 'close') return new Set(result.letters.map((l) => l.index));
    if (result.kind === 'typo') return new Set([result.edit.index]);
    return new Set<number>();
  }, [result]);

  if (!card) return null;
  const expected = card[typedSide];

  const insert = (key: string) => {
    const input = inputRef.current;
    // The field's own text: on a busy tablet, keys typed just before may not have re-rendered yet.
    const current = input?.value ?? typed;
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    const value = (current.slice(0, start) + key + current.slice(end)).slice(0, CARD_TEXT_MAX);
    setTyped(value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + key.length, start + key.length);
    });
  };

  const check = () => {
    if (result || typed.trim() === '') return;
    const r = checkSpelling(expected, typed);
    setResult(r);
    onAnswer(card, spellingOutcome(r), shownAt.current);
  };

  const feedback = (r: SpellingResult) => {
    switch (r.kind) {
      case 'correct':
        return t('play.spell.correct');
      case 'close':
        return t('play.spell.close', {
          letters: r.letters.map((l) => t('play.spell.letter', { expected: l.expected, typed: l.typed })).join(', '),
        });
      case 'typo':
        return r.edit.kind === 'missing'
          ? t('play.spell.typoMissing', { letter: r.edit.expected })
          : r.edit.kind === 'extra'
            ? t('play.spell.typoExtra', { letter: r.edit.typed })
            : t('play.spell.typoReplace', { expected: r.edit.expected, typed: r.edit.typed });
      case 'wrong':
        return t('play.spell.wrong');
    }
  };

  const picture = cardPictureUrl(card);
  return (
    <div className={styles.game}>
      <p className={styles.count}>{t('play.question', { position: index + 1, total: cards.length })}</p>
      <div className={styles.prompt}>
        {picture && <img src={picture} alt="" className={styles.promptPicture} />}
        <p className={styles.promptWord} lang={shownSide}>
          {card[shownSide]}
        </p>
        <div key={card.id}>{speaker(card, shownSide, false)}</div>
      </div>
      <form
        className={styles.spellForm}
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <label htmlFor={inputId}>{t(`play.spell.typeIn.${typedSide}`)}</label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.spellInput}
          value={typed}
          lang={typedSide}
          maxLength={CARD_TEXT_MAX}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          readOnly={result !== null}
          aria-describedby={result ? feedbackId : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className={styles.keys} role="group" aria-label={t('play.spell.keys')}>
          {SPECIAL_KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className={styles.key}
              aria-label={t('play.spell.key', { key })}
              disabled={result !== null}
              onClick={() => insert(key)}
            >
              {key}
            </button>
          ))}
        </div>
        {!result && (
          <Button type="submit" variant="primary" disabled={typed.trim() === ''}>
            {t('play.spell.check')}
          </Button>
        )}
      </form>
      <div id={feedbackId} role="status" className={result ? styles.feedback : 'visually-hidden'}>
        {result && (
          <>
            <p>{feedback(result)}</p>
            {result.kind !== 'correct' && (
              <p>
                {t('play.spell.answer')} <Marked text={expected} marks={marks} />
              </p>
            )}
          </>
        )}
      </div>
      {result && (
        <Button
          ref={nextRef}
          variant="primary"
          className={styles.next}
          onClick={() => {
            if (index + 1 >= cards.length) return onEnd();
            setIndex(index + 1);
            setTyped('');
            setResult(null);
          }}
        >
          {t('play.next')}
          <ForwardIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
