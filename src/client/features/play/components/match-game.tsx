import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayOutcome } from '@shared/answer-modes';
import { matchBoard, type MatchTile } from '@shared/play-rounds';
import type { Card } from '@shared/schemas/card';
import { ImageIcon } from '@client/components/ui/icons';
import { cardPictureUrl } from '@client/lib/image-url';
import { readStorage, writeStorage } from '@client/lib/storage';
import type { Side } from '../sides';
import styles from './play.module.css';

/** The best match time (ms) kept on this device for a deck ("review" for today's review). */
export function bestMatchTime(boardKey: string): number | null {
  try {
    const all = JSON.parse(readStorage('matchBestTimes') ?? '{}') as Record<string, number>;
    return typeof all[boardKey] === 'number' ? all[boardKey] : null;
  } catch {
    return null;
  }
}

/** Keeps `ms` as the deck's best time when it beats the one kept; true when it did. */
export function keepBestMatchTime(boardKey: string, ms: number): boolean {
  const best = bestMatchTime(boardKey);
  if (best !== null && best <= ms) return false;
  let all: Record<string, number> = {};
  try {
    all = JSON.parse(readStorage('matchBestTimes') ?? '{}') as Record<string, number>;
  } catch {
    /* a damaged value is replaced */
  }
  writeStorage('matchBestTimes', JSON.stringify({ ...all, [boardKey]: ms }));
  return true;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export interface MatchGameProps {
  cards: readonly Card[];
  /** The side of one tile of each pair; the other tile is the picture (when all have one) or the other side. */
  side: Side;
  boardKey: string;
  onAnswer: (card: Card, outcome: PlayOutcome, shownAt: number) => void;
  onEnd: (result: { ms: number; best: boolean }) => void;
}

/**
 * Match: up to six pairs side by side; tap (or press) two tiles to match them. Only the first try
 * at each pair is recorded: a pair matched at once is right, a card that was part of a miss is wrong.
 * A timer runs from the first tap; the best time per deck is kept on this device.
 */
export function MatchGame({ cards, side, boardKey, onAnswer, onEnd }: MatchGameProps) {
  const { t } = useTranslation();
  const { tiles, pairs } = useMemo(() => matchBoard(cards, { side, pictures: true }), [cards, side]);
  const [selected, setSelected] = useState<MatchTile<Card> | null>(null);
  const [matched, setMatched] = useState<ReadonlySet<number>>(new Set());
  const [missed, setMissed] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState('');
  const [started, setStarted] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const recorded = useRef(new Set<number>());
  const shownAt = useRef(Date.now());
  const best = bestMatchTime(boardKey);
  const done = pairs.length > 0 && matched.size === pairs.length;

  useEffect(() => {
    if (started === null || done) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [started, done]);

  const nameOf = (tile: MatchTile<Card>) =>
    tile.face === 'picture' ? t('play.match.picture', { word: tile.card[side] }) : tile.card[tile.face];

  const record = (card: Card, outcome: PlayOutcome) => {
    if (recorded.current.has(card.id)) return;
    recorded.current.add(card.id);
    onAnswer(card, outcome, shownAt.current);
  };

  const tap = (tile: MatchTile<Card>) => {
    if (matched.has(tile.card.id) || done) return;
    const start = started ?? Date.now();
    if (started === null) setStarted(start);
    if (!selected) {
      setSelected(tile);
      setMessage(t('play.match.selected', { name: nameOf(tile) }));
      return;
    }
    if (selected.key === tile.key) {
      setSelected(null);
      setMessage('');
      return;
    }
    setSelected(null);
    if (selected.card.id === tile.card.id) {
      record(tile.card, missed.has(tile.card.id) ? 'wrong' : 'correct');
      const all = new Set(matched).add(tile.card.id);
      setMatched(all);
      setMessage(t('play.match.matched', { name: nameOf(selected), other: nameOf(tile) }));
      if (all.size === pairs.length) {
        const ms = Date.now() - start;
        setNow(Date.now());
        onEnd({ ms, best: keepBestMatchTime(boardKey, ms) });
      }
    } else {
      setMissed(new Set(missed).add(selected.card.id).add(tile.card.id));
      setMessage(t('play.match.notAPair', { name: nameOf(selected), other: nameOf(tile) }));
    }
  };

  const elapsed = started === null ? 0 : now - started;
  return (
    <div className={styles.game}>
      <div className={styles.instructions}>
        <span aria-hidden="true" className={styles.instructionIcons}>
          <ImageIcon size={28} />+<ImageIcon size={28} />
        </span>
        <span className={styles.instructionText}>{t('play.match.instructions')}</span>
      </div>
      <p className={styles.timer}>
        {t('play.match.time', { seconds: seconds(elapsed) })}
        {best !== null && <> · {t('play.match.best', { seconds: seconds(best) })}</>}
      </p>
      <ul className={styles.board} aria-label={t('play.match.board')}>
        {tiles.map((tile) => {
          const isMatched = matched.has(tile.card.id);
          const picture = tile.face === 'picture' ? cardPictureUrl(tile.card) : null;
          return (
            <li key={tile.key}>
              <button
                type="button"
                className={`${styles.tile} ${isMatched ? styles.matchedTile : ''} ${selected?.key === tile.key ? styles.selectedTile : ''}`}
                aria-pressed={selected?.key === tile.key}
                aria-disabled={isMatched}
                aria-label={isMatched ? t('play.match.done', { name: nameOf(tile) }) : nameOf(tile)}
                onClick={() => tap(tile)}
                data-testid="match-tile"
                data-card={tile.card.id}
              >
                {picture ? (
                  <img src={picture} alt="" className={styles.tilePicture} />
                ) : (
                  <span lang={tile.face === 'picture' ? undefined : tile.face}>{nameOf(tile)}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className={styles.feedback}>
        {message}
      </p>
    </div>
  );
}
