import { RATINGS, type AnswerMode, type ReviewRating } from './constants';

/**
 * The grade each way of answering gives FSRS (ARCHITECTURE.md "Play modes and memory"). Kept apart
 * from the scheduler (src/shared/srs.ts), which takes a rating and does not know how it was earned.
 *
 * - flip: the rating the adult or child gave (simple grading: Mastered good, Not mastered again).
 * - listen, choice, match: a recognition pick among a few is weaker evidence than recall (one time in
 *   four a guess is right), so a right pick is `hard` and a wrong one `again`. Match records only the
 *   first try at each pair (later tries are by elimination).
 * - spell: producing the word is recall. Right on the first try `good`; "casi" (only an accent or ñ
 *   missing) `hard`; anything else `again`.
 */

/** The result of one answer in a play mode: right, nearly (spelling's "casi"), or wrong. */
export type PlayOutcome = 'correct' | 'close' | 'wrong';

/** The ratings each mode may send: any for flip cards, those `modeRating` gives for the others. */
export const MODE_RATINGS: Readonly<Record<AnswerMode, readonly ReviewRating[]>> = {
  flip: RATINGS,
  listen: ['again', 'hard'],
  choice: ['again', 'hard'],
  match: ['again', 'hard'],
  spell: ['again', 'hard', 'good'],
};

/** The rating of an answer in a play mode ("close" only happens in spelling; elsewhere it counts as right). */
export function modeRating(mode: Exclude<AnswerMode, 'flip'>, outcome: PlayOutcome): ReviewRating {
  if (outcome === 'wrong') return 'again';
  if (mode === 'spell') return outcome === 'correct' ? 'good' : 'hard';
  return 'hard';
}

/**
 * The rating stored for a saved answer: the one sent when there is one (the request schema has
 * checked it fits the mode), else from `is_correct` as the mode grades it.
 */
export function answerRating(answer: { rating?: ReviewRating; is_correct: boolean; mode?: AnswerMode }): ReviewRating {
  if (answer.rating) return answer.rating;
  const mode = answer.mode ?? 'flip';
  if (mode === 'flip') return answer.is_correct ? 'good' : 'again';
  return modeRating(mode, answer.is_correct ? 'correct' : 'wrong');
}
