import { Picture } from './picture';
import styles from './illustrations.module.css';

/** Pictures of the onboarding steps (decorative, theme-coloured). */

/** Two speech bubbles, "Hi!" and "¡Hola!": choosing the language. */
export const LanguagePicture = () => (
  <Picture width={180} height={100}>
    <path
      className={styles.primary}
      d="M14 12 h72 a12 12 0 0 1 12 12 v28 a12 12 0 0 1 -12 12 h-50 l-14 12 v-12 h-8 a12 12 0 0 1 -12 -12 v-28 a12 12 0 0 1 12 -12 Z"
    />
    <text className={styles.label} x="50" y="44" textAnchor="middle" lang="en">
      Hi!
    </text>
    <path
      className={styles.accent}
      d="M94 30 h72 a12 12 0 0 1 12 12 v28 a12 12 0 0 1 -12 12 h-8 v12 l-14 -12 h-50 a12 12 0 0 1 -12 -12 v-28 a12 12 0 0 1 12 -12 Z"
    />
    <text className={styles.label} x="130" y="62" textAnchor="middle" lang="es">
      ¡Hola!
    </text>
  </Picture>
);

/** Two children waving: adding a student. */
export const StudentsPicture = () => (
  <Picture width={180} height={100}>
    <ellipse className={styles.soft} cx="90" cy="94" rx="70" ry="6" />
    <circle className={styles.primary} cx="66" cy="30" r="16" />
    <path className={styles.primary} d="M42 94 c0 -26 10 -40 24 -40 s24 14 24 40 Z" />
    <path className={styles.outlinePrimary} d="M46 66 L32 46" strokeWidth="7" />
    <circle className={styles.accent} cx="116" cy="40" r="13" />
    <path className={styles.accent} d="M96 94 c0 -22 8 -34 20 -34 s20 12 20 34 Z" />
    <circle className={styles.surface} cx="61" cy="28" r="2.4" />
    <circle className={styles.surface} cx="71" cy="28" r="2.4" />
    <path d="M60 36 q6 5 12 0" stroke="var(--color-surface)" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    <circle className={styles.surface} cx="112" cy="38" r="2" />
    <circle className={styles.surface} cx="120" cy="38" r="2" />
    <path d="M111 45 q5 4 10 0" stroke="var(--color-surface)" strokeWidth="2.2" fill="none" strokeLinecap="round" />
  </Picture>
);

/** A painter's palette in the theme's colours: choosing a theme. */
export const PalettePicture = () => (
  <Picture width={180} height={100}>
    <path
      className={styles.soft}
      d="M90 8 C130 8 160 28 160 54 C160 76 140 86 124 80 C112 76 104 82 106 92 C92 96 40 96 24 72 C8 48 44 8 90 8 Z"
    />
    <circle className={styles.primary} cx="58" cy="36" r="11" />
    <circle className={styles.accent} cx="92" cy="28" r="11" />
    <circle className={styles.success} cx="126" cy="40" r="11" />
    <circle className={styles.sun} cx="52" cy="66" r="11" />
    <circle className={styles.surface} cx="134" cy="64" r="8" />
  </Picture>
);
