import { describe, expect, it } from 'vitest';
import { cardPerformanceInputSchema, studySessionInputSchema } from '@shared/schemas/study';
import { buildReviewSaves } from './review-saves';
import { initialReviewState, reviewReducer, type ReviewAction } from './review-state';

const cards = [
  { id: 11, deck_id: 1 },
  { id: 21, deck_id: 2 },
  { id: 12, deck_id: 1 },
  { id: 13, deck_id: 1 },
];

describe('the saves of a review', () => {
  it('gives each deck its session and its answers, each accepted by the API schemas', () => {
    const actions: ReviewAction[] = [
      { type: 'answer', rating: 'good', now: 11_000 },
      { type: 'answer', rating: 'again', now: 21_000 },
      { type: 'answer', rating: 'hard', now: 31_000 },
      { type: 'skip', now: 41_000 },
    ];
    const state = actions.reduce(reviewReducer, initialReviewState(cards, 1000));
    const saves = buildReviewSaves(7, state);
    expect(saves.map((s) => s.session?.deck_id)).toEqual([1, 2]);

    const [one, two] = saves;
    expect(one!.session).toMatchObject({
      student_id: 7,
      cards_studied: 3,
      cards_mastered: 2,
      cards_not_mastered: 0,
      study_duration_seconds: 30,
    });
    expect(one!.session!.accuracy_percentage).toBeCloseTo(66.667, 2);
    expect(one!.performance!.card_results).toEqual([
      {
        card_id: 11,
        is_correct: true,
        rating: 'good',
        reviewed_at: new Date(11_000).toISOString(),
        duration_ms: 10_000,
      },
      {
        card_id: 12,
        is_correct: true,
        rating: 'hard',
        reviewed_at: new Date(31_000).toISOString(),
        duration_ms: 10_000,
      },
    ]);
    expect(two!.session).toMatchObject({ cards_studied: 1, cards_mastered: 0, cards_not_mastered: 1 });
    expect(two!.performance!.card_results).toEqual([
      {
        card_id: 21,
        is_correct: false,
        rating: 'again',
        reviewed_at: new Date(21_000).toISOString(),
        duration_ms: 10_000,
      },
    ]);

    for (const save of saves) {
      expect(studySessionInputSchema.safeParse(save.session).success).toBe(true);
      expect(cardPerformanceInputSchema.safeParse(save.performance).success).toBe(true);
      expect(save.id).toBe(save.session!.idempotency_key);
      expect(save.performance!.idempotency_key).not.toBe(save.id);
    }
  });

  it('keeps a deck whose cards were all skipped as a session without answers', () => {
    const state = reviewReducer(initialReviewState([{ id: 5, deck_id: 3 }], 0), { type: 'skip', now: 2000 });
    const [save] = buildReviewSaves(1, state);
    expect(save!.session).toMatchObject({ deck_id: 3, cards_studied: 1, cards_mastered: 0, accuracy_percentage: 0 });
    expect(save!.performance).toBeNull();
  });
});
