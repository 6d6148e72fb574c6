import { Picture } from './picture';
import styles from './illustrations.module.css';

/** Pictures of the deck and card empty states (decorative, theme-coloured). */

/** A little fan of cards, the front one with a star: no decks yet. */
export const DecksPicture = () => (
  <Picture width={160} height={112}>
    <ellipse className={styles.soft} cx="80" cy="100" rx="62" ry="9" />
    <g transform="rotate(-14 56 60)">
      <rect className={styles.card} x="30" y="20" width="54" height="72" rx="10" />
      <rect className={styles.accent} x="30" y="20" width="54" height="14" rx="7" />
    </g>
    <g transform="rotate(12 104 60)">
      <rect className={styles.card} x="76" y="20" width="54" height="72" rx="10" />
      <rect className={styles.success} x="76" y="20" width="54" height="14" rx="7" />
    </g>
    <rect className={styles.card} x="52" y="14" width="56" height="78" rx="10" />
    <rect className={styles.primary} x="52" y="14" width="56" height="16" rx="8" />
    <path className={styles.sun} d="M80 42 l5 10 11 1.6 -8 7.8 1.9 11 -9.9 -5.2 -9.9 5.2 1.9 -11 -8 -7.8 11 -1.6 Z" />
  </Picture>
);

/** A magnifying glass over an empty card: nothing matches the search. */
export const SearchPicture = () => (
  <Picture width={160} height={112}>
    <ellipse className={styles.soft} cx="80" cy="100" rx="56" ry="9" />
    <rect className={styles.card} x="34" y="16" width="64" height="80" rx="10" />
    <rect className={styles.soft} x="44" y="32" width="44" height="8" rx="4" />
    <rect className={styles.soft} x="44" y="48" width="32" height="8" rx="4" />
    <circle className={styles.surface} cx="104" cy="58" r="20" />
    <circle className={styles.outlinePrimary} cx="104" cy="58" r="20" strokeWidth="7" />
    <path className={styles.outlinePrimary} d="M118 73 L134 90" strokeWidth="9" />
  </Picture>
);

/** A box with cards tucked away: every deck is archived. */
export const ArchivePicture = () => (
  <Picture width={160} height={112}>
    <ellipse className={styles.soft} cx="80" cy="102" rx="58" ry="8" />
    <rect className={styles.card} x="48" y="10" width="40" height="52" rx="8" transform="rotate(-10 68 36)" />
    <rect className={styles.card} x="72" y="8" width="40" height="52" rx="8" transform="rotate(8 92 34)" />
    <rect className={styles.primary} x="36" y="44" width="88" height="54" rx="10" />
    <rect className={styles.primaryDark} x="30" y="38" width="100" height="16" rx="8" />
    <rect className={styles.surface} x="66" y="62" width="28" height="8" rx="4" />
  </Picture>
);

/** An empty card with a plus: a deck without cards. */
export const CardsPicture = () => (
  <Picture width={160} height={112}>
    <ellipse className={styles.soft} cx="80" cy="102" rx="52" ry="8" />
    <rect className={styles.card} x="42" y="12" width="76" height="84" rx="12" />
    <circle className={styles.primary} cx="80" cy="54" r="20" />
    <path d="M80 44 v20 M70 54 h20" stroke="var(--color-surface)" strokeWidth="5" strokeLinecap="round" />
  </Picture>
);
