import { describe, expect, it } from 'vitest';
import { REVIEW_DURATION_MAX_MS } from '@shared/constants';
import {
  initialReviewState,
  reviewReducer,
  summarizeReview,
  type ReviewAction,
  type ReviewState,
} from './review-state';

type C = { id: number };
const cards: C[] = [{ id: 1 }, { id: 2 }, { id: 3 }];
const run = (actions: ReviewAction[], start: ReviewState<C> = initialReviewState(cards, 1000)) =>
  actions.reduce(reviewReducer, start);

describe('review state', () => {
  it('records each answer with its rating, time and how long the card was shown', () => {
    const s = run([
      { type: 'flip' },
      { type: 'answer', rating: 'good', now: 4000 },
      { type: 'answer', rating: 'again', now: 5500 },
    ]);
    expect(s).toMatchObject({ index: 2, flipped: false, finished: false, shownAt: 5500 });
    expect(s.answers).toEqual({
      1: { rating: 'good', reviewed_at: new Date(4000).toISOString(), duration_ms: 3000 },
      2: { rating: 'again', reviewed_at: new Date(5500).toISOString(), duration_ms: 1500 },
    });
  });

  it('skips without answering, ends after the last card, then ignores everything', () => {
    const s = run([
      { type: 'skip', now: 2000 },
      { type: 'answer', rating: 'easy', now: 3000 },
      { type: 'skip', now: 4000 },
    ]);
    expect(s).toMatchObject({ finished: true, finishedAt: 4000 });
    expect(Object.keys(s.answers)).toEqual(['2']);
    expect(s.spent).toEqual({ 1: 1000, 2: 1000, 3: 1000 });
    expect(reviewReducer(s, { type: 'answer', rating: 'good', now: 9000 })).toBe(s);
  });

  it('keeps durations within what the review log accepts', () => {
    const long = run([{ type: 'answer', rating: 'good', now: 1000 + 3 * REVIEW_DURATION_MAX_MS }]);
    expect(long.answers[1]!.duration_ms).toBe(REVIEW_DURATION_MAX_MS);
    const backwards = run([{ type: 'answer', rating: 'good', now: 0 }]);
    expect(backwards.answers[1]!.duration_ms).toBe(0);
  });

  it('sums up: anything but again is remembered; skipped cards count apart', () => {
    const s = run([
      { type: 'answer', rating: 'hard', now: 2000 },
      { type: 'answer', rating: 'again', now: 3000 },
      { type: 'skip', now: 4000 },
    ]);
    expect(summarizeReview(s)).toEqual({ total: 3, remembered: 1, forgot: 1, skipped: 1, allRemembered: false });
    const all = run(cards.map((_, i) => ({ type: 'answer', rating: 'easy', now: 2000 + i }) as const));
    expect(summarizeReview(all).allRemembered).toBe(true);
  });

  it('is over at once with no cards', () => {
    expect(initialReviewState([], 5)).toMatchObject({ finished: true, finishedAt: 5 });
  });
});
