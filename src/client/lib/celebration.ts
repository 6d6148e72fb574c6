/** Confetti and celebration tones (SPEC §9), shared by the study end dialog and onboarding. */
import { DECK_COLORS } from '@shared/constants';

export const CONFETTI = {
  pieces: 100,
  intervalMs: 50,
  minFallMs: 3000,
  maxFallMs: 5000,
  lifetimeMs: 5000,
} as const;

/** The four rising notes (C5, E5, G5, C6) of the celebration, in Hz. */
export const CELEBRATION_TONES = [523.25, 659.25, 783.99, 1046.5] as const;
const TONE_SPACING_S = 0.15;
const TONE_LENGTH_S = 0.35;

export function prefersReducedMotion(): boolean {
  try {
    return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

/**
 * Drops confetti over the page: one piece every 50 ms until 100 have fallen, each falling for
 * 3–5 s and removed 5 s after it appeared. Nothing at all under prefers-reduced-motion. The
 * layer is decorative (aria-hidden, ignores the pointer). Returns a function that stops it early.
 */
export function launchConfetti(random: () => number = Math.random): () => void {
  if (typeof document === 'undefined' || prefersReducedMotion()) return () => {};
  const layer = document.createElement('div');
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.confetti = '';
  Object.assign(layer.style, {
    position: 'fixed',
    inset: '0',
    overflow: 'hidden',
    pointerEvents: 'none',
    zIndex: '100',
  });
  document.body.appendChild(layer);

  const timers = new Set<ReturnType<typeof setTimeout>>();
  let made = 0;
  const addPiece = () => {
    const piece = document.createElement('span');
    const size = 6 + Math.round(random() * 6);
    Object.assign(piece.style, {
      position: 'absolute',
      top: '-20px',
      left: `${Math.round(random() * 100)}%`,
      width: `${size}px`,
      height: `${Math.round(size * 1.6)}px`,
      background: DECK_COLORS[Math.floor(random() * DECK_COLORS.length)] ?? DECK_COLORS[0],
      borderRadius: '2px',
    });
    layer.appendChild(piece);
    const fall = CONFETTI.minFallMs + random() * (CONFETTI.maxFallMs - CONFETTI.minFallMs);
    const drift = Math.round((random() - 0.5) * 160);
    const spin = Math.round(360 + random() * 720);
    piece.animate?.(
      [
        { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
        { transform: `translate(${drift}px, calc(100vh + 40px)) rotate(${spin}deg)`, opacity: 0.9 },
      ],
      { duration: fall, easing: 'cubic-bezier(0.25, 0.5, 0.5, 1)', fill: 'forwards' },
    );
    const removal = setTimeout(() => {
      piece.remove();
      timers.delete(removal);
    }, CONFETTI.lifetimeMs);
    timers.add(removal);
  };
  const spawner = setInterval(() => {
    addPiece();
    made += 1;
    if (made >= CONFETTI.pieces) clearInterval(spawner);
  }, CONFETTI.intervalMs);
  const cleanup = setTimeout(() => layer.remove(), CONFETTI.pieces * CONFETTI.intervalMs + CONFETTI.lifetimeMs + 100);

  return () => {
    clearInterval(spawner);
    clearTimeout(cleanup);
    for (const t of timers) clearTimeout(t);
    layer.remove();
  };
}

type AudioContextClass = typeof AudioContext;

/**
 * Plays the four rising tones through Web Audio. Where Web Audio is missing or refuses to
 * start, it does nothing (SPEC §2: silently skipped).
 */
export function playCelebrationTones(): void {
  try {
    const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
    const Ctx = w.AudioContext ?? w.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    void ctx.resume?.().catch(() => {});
    const start = ctx.currentTime + 0.05;
    CELEBRATION_TONES.forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = start + i * TONE_SPACING_S;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_LENGTH_S);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + TONE_LENGTH_S + 0.02);
    });
    const totalMs = (CELEBRATION_TONES.length * TONE_SPACING_S + TONE_LENGTH_S + 0.3) * 1000;
    setTimeout(() => void ctx.close?.().catch(() => {}), totalMs);
  } catch {
    /* no sound on this device */
  }
}
