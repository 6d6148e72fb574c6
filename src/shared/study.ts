import { STUDY_DURATION_MAX_SECONDS } from './constants';

/**
 * Accuracy of a study session (SPEC §9): mastered / total × 100, unrounded so that it agrees
 * exactly with what the server recomputes from the counts. 0 when nothing was studied; kept
 * within 0–100 even for inconsistent input, so a caller can never produce an invalid value.
 */
export function accuracyPercentage(mastered: number, total: number): number {
  if (!(total > 0) || !(mastered > 0)) return 0;
  return Math.min(100, (mastered / total) * 100);
}

/**
 * Fisher–Yates shuffle: every order equally likely when `random` is uniform on [0, 1).
 * Returns a new array and leaves the input untouched; `random` is a parameter so tests can
 * pass a seeded generator.
 */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    // min() guards against a generator that returns exactly 1.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Whole seconds between two `Date.now()`-style timestamps, clamped to what the server accepts
 * (0 to STUDY_DURATION_MAX_SECONDS): a clock that moved backwards gives 0, a tab left open for days
 * gives the maximum.
 */
export function durationSeconds(startMs: number, endMs: number): number {
  const seconds = Math.round((endMs - startMs) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(seconds, STUDY_DURATION_MAX_SECONDS);
}
