import { Picture } from './picture';
import styles from './illustrations.module.css';

/** A seedling in a pot beside growing bars: no progress yet, or no student to show it for. */
export const GrowPicture = () => (
  <Picture width={160} height={112}>
    <ellipse className={styles.soft} cx="80" cy="102" rx="60" ry="8" />
    <rect className={styles.soft} x="98" y="66" width="12" height="32" rx="4" />
    <rect className={styles.primary} x="116" y="48" width="12" height="50" rx="4" />
    <rect className={styles.accent} x="134" y="30" width="12" height="68" rx="4" />
    <path className={styles.accent} d="M36 70 h44 l-6 30 h-32 Z" />
    <rect className={styles.primaryDark} x="32" y="64" width="52" height="10" rx="5" />
    <path d="M58 64 V38" stroke="var(--color-success)" strokeWidth="4" strokeLinecap="round" />
    <path className={styles.success} d="M58 46 C44 46 36 36 38 26 C50 26 58 34 58 46 Z" />
    <path className={styles.success} d="M58 40 C70 40 80 32 78 20 C66 20 58 28 58 40 Z" />
  </Picture>
);
