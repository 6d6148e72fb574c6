import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@shared/schemas/card';
import { cardPictureUrl } from '@client/lib/image-url';
import type { SpeechLanguage } from '@client/lib/speech';
import styles from './study.module.css';

export type Side = SpeechLanguage;
export const otherSide = (side: Side): Side => (side === 'en' ? 'es' : 'en');

export const wordOf = (card: Card, side: Side) => (side === 'en' ? card.en : card.es);
export const pronunciationOf = (card: Card, side: Side) =>
  side === 'en' ? card.en_pronunciation : card.es_pronunciation;

function Face({ card, side, className }: { card: Card; side: Side; className?: string }) {
  const { t } = useTranslation();
  const image = cardPictureUrl(card);
  const pronunciation = pronunciationOf(card, side);
  return (
    <span className={`${styles.face} ${className}`}>
      <span className={styles.faceLanguage}>{t(`study.language.${side}`)}</span>
      {image && <img className={styles.faceImage} src={image} alt="" loading="eager" />}
      <span className={styles.word} lang={side}>
        {wordOf(card, side)}
      </span>
      {pronunciation && (
        <span className={styles.pronunciation} lang={side}>
          {pronunciation}
        </span>
      )}
    </span>
  );
}

interface FlashCardProps {
  card: Card;
  position: number;
  total: number;
  /** The side shown before flipping. */
  firstSide: Side;
  flipped: boolean;
  color: string;
  onFlip: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The card is one big button: click, tap, Space and Enter flip it (native button behaviour).
 * Its label names the side shown and its word; the faces are decoration for sighted users.
 */
export function FlashCard({ card, position, total, firstSide, flipped, color, onFlip, ref }: FlashCardProps) {
  const { t } = useTranslation();
  const shown = flipped ? otherSide(firstSide) : firstSide;
  const label = t('study.card.label', {
    position,
    total,
    side: t(`study.side.${shown}`),
    word: wordOf(card, shown),
  });
  return (
    <div className={styles.scene}>
      <button
        ref={ref}
        type="button"
        className={`${styles.card} ${flipped ? styles.flipped : ''}`}
        aria-label={label}
        onClick={onFlip}
        data-tour="study-card"
        data-side={shown}
        style={{ ['--deck-color' as string]: color }}
      >
        <span className={styles.inner} aria-hidden="true">
          <Face card={card} side={firstSide} className={styles.front} />
          <Face card={card} side={otherSide(firstSide)} className={styles.back} />
        </span>
      </button>
    </div>
  );
}
