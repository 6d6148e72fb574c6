import { useEffect, useMemo, useState } from 'react';
import { DECK_COLORS } from '@shared/constants';
import styles from './onboarding.module.css';

/** SPEC §9: 100 pieces, one every 50 ms, each falling for 3 to 5 s and gone after 5 s. */
const PIECES = 100;
const INTERVAL_MS = 50;
const LIFETIME_MS = 5000;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A one-off burst of falling paper; nothing at all for people who ask for reduced motion. */
export function Confetti() {
  const [done, setDone] = useState(prefersReducedMotion);
  const pieces = useMemo(
    () =>
      Array.from({ length: PIECES }, (_, i) => ({
        left: Math.random() * 100,
        delay: i * INTERVAL_MS,
        duration: 3000 + Math.random() * 2000,
        color: DECK_COLORS[i % DECK_COLORS.length],
        spin: Math.round(Math.random() * 720 - 360),
      })),
    [],
  );
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setDone(true), (PIECES - 1) * INTERVAL_MS + LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [done]);
  if (done) return null;
  return (
    <div className={styles.confetti} aria-hidden="true" data-testid="confetti">
      {pieces.map((p, i) => (
        <span
          key={i}
          className={styles.piece}
          style={{
            left: `${p.left}%`,
            background: p.color,
            animationDelay: `${p.delay}ms`,
            animationDuration: `${p.duration}ms`,
            ['--spin' as string]: `${p.spin}deg`,
          }}
        />
      ))}
    </div>
  );
}
