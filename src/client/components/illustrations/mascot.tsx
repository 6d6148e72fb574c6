import styles from './illustrations.module.css';

/**
 * Lumi the owl, the app's mascot: on the celebration, at the end of onboarding and on the "all done
 * for today" screen. `cheering` raises the wings and adds sparkles (they bounce, unless reduced
 * motion is asked for). Theme-coloured; decorative.
 */
export function Mascot({ size = 120, cheering = false }: { size?: number; cheering?: boolean }) {
  return (
    <svg
      className={styles.picture}
      width={size}
      height={size}
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
      data-illustration="mascot"
    >
      <g className={cheering ? styles.bounce : undefined}>
        {cheering ? (
          <>
            <path className={styles.primaryDark} d="M26 70 C10 60 8 40 14 30 C22 44 30 50 36 56 Z" />
            <path className={styles.primaryDark} d="M94 70 C110 60 112 40 106 30 C98 44 90 50 84 56 Z" />
          </>
        ) : (
          <>
            <ellipse className={styles.primaryDark} cx="26" cy="74" rx="9" ry="20" />
            <ellipse className={styles.primaryDark} cx="94" cy="74" rx="9" ry="20" />
          </>
        )}
        <path className={styles.primary} d="M30 40 L36 14 L52 32 Z M90 40 L84 14 L68 32 Z" />
        <ellipse className={styles.primary} cx="60" cy="68" rx="36" ry="40" />
        <ellipse className={styles.soft} cx="60" cy="82" rx="22" ry="22" />
        <path className={styles.outlinePrimary} d="M50 80 q4 4 8 0 M62 80 q4 4 8 0 M56 90 q4 4 8 0" />
        <circle className={styles.surface} cx="45" cy="52" r="14" />
        <circle className={styles.surface} cx="75" cy="52" r="14" />
        <circle className={styles.ink} cx="47" cy="53" r="6.5" />
        <circle className={styles.ink} cx="73" cy="53" r="6.5" />
        <circle className={styles.surface} cx="49" cy="50.5" r="2.2" />
        <circle className={styles.surface} cx="75" cy="50.5" r="2.2" />
        <path className={styles.sun} d="M54 64 L66 64 L60 73 Z" />
        <path className={styles.sun} d="M46 106 l4 -6 l4 6 Z M66 106 l4 -6 l4 6 Z" />
      </g>
      {cheering && (
        <g className={styles.sun}>
          <path d="M16 14 l2.5 6 6 2.5 -6 2.5 -2.5 6 -2.5 -6 -6 -2.5 6 -2.5 Z" />
          <path d="M104 10 l2 4.5 4.5 2 -4.5 2 -2 4.5 -2 -4.5 -4.5 -2 4.5 -2 Z" />
          <path d="M108 96 l1.5 3.5 3.5 1.5 -3.5 1.5 -1.5 3.5 -1.5 -3.5 -3.5 -1.5 3.5 -1.5 Z" />
        </g>
      )}
    </svg>
  );
}
