import type { Schedule } from '@shared/schemas/schedule';

/** Fewest answers in a bin for the plain sentence to speak of it. */
export const SENTENCE_MIN_ANSWERS = 20;

/**
 * The one plain sentence about a child's calibration (tuning.predict.*): the bin with the most
 * answers, its predicted and actual recall as cards in 10. `notYet` when no bin has enough answers
 * (no tuning yet, or too few recent answers to say anything).
 */
export type PredictionSentence =
  { key: 'notYet' } | { key: 'expect' | 'expectSame'; count: number; actual: number; answers: number };

export function predictionSentence(calibration: Schedule['calibration']): PredictionSentence {
  const bin = calibration.reduce<Schedule['calibration'][number] | null>(
    (best, b) => (b.count >= SENTENCE_MIN_ANSWERS && (!best || b.count > best.count) ? b : best),
    null,
  );
  if (!bin) return { key: 'notYet' };
  const count = Math.round(bin.predicted * 10);
  const actual = Math.round(bin.actual * 10);
  return { key: count === actual ? 'expectSame' : 'expect', count, actual, answers: bin.count };
}

/**
 * What the last check found, in plain words (tuning.predict.better / notBetter): the log loss of
 * the tuned and standard models on the held-out answers, and how much lower the tuned one is.
 */
export type CheckSentence = {
  key: 'better' | 'notBetter';
  tuned: number;
  standard: number;
  /** How much lower the tuned log loss is, in whole percent of the standard one (0 when not lower). */
  percent: number;
  count: number;
};

export function checkSentence(evaluation: Schedule['evaluation']): CheckSentence | null {
  if (!evaluation || evaluation.held_out_reviews === 0) return null;
  const { tuned, default: standard } = evaluation.log_loss;
  if (!Number.isFinite(tuned) || !Number.isFinite(standard)) return null;
  const better = tuned < standard;
  return {
    key: better ? 'better' : 'notBetter',
    tuned,
    standard,
    percent: better && standard > 0 ? Math.round(((standard - tuned) / standard) * 100) : 0,
    count: evaluation.held_out_reviews,
  };
}
