import { isRecalled } from '@shared/srs';
import { accuracyPercentage, durationSeconds } from '@shared/study';
import { newIdempotencyKey, type PendingSave } from './api/save-study';
import type { ReviewState } from './review-state';

/**
 * The saves of a finished review session, one per deck it touched (a study session record belongs
 * to one deck): the deck's session counts, as a study session of those cards would give them, and
 * its answers with their rating, time and duration, each request with its own idempotency key.
 */
export function buildReviewSaves<C extends { id: number; deck_id: number }>(
  studentId: number,
  state: ReviewState<C>,
): PendingSave[] {
  const byDeck = new Map<number, C[]>();
  for (const card of state.cards) byDeck.set(card.deck_id, [...(byDeck.get(card.deck_id) ?? []), card]);

  return [...byDeck].map(([deckId, cards]) => {
    const answered = cards.flatMap((card) => {
      const answer = state.answers[card.id];
      return answer ? [{ card_id: card.id, is_correct: isRecalled(answer.rating), ...answer }] : [];
    });
    const mastered = answered.filter((r) => r.is_correct).length;
    const spentMs = cards.reduce((sum, card) => sum + (state.spent[card.id] ?? 0), 0);
    const key = newIdempotencyKey();
    return {
      id: key,
      session: {
        student_id: studentId,
        deck_id: deckId,
        cards_studied: cards.length,
        cards_mastered: mastered,
        cards_not_mastered: answered.length - mastered,
        accuracy_percentage: accuracyPercentage(mastered, cards.length),
        study_duration_seconds: durationSeconds(0, spentMs),
        idempotency_key: key,
      },
      performance:
        answered.length > 0
          ? {
              student_id: studentId,
              card_results: answered,
              idempotency_key: newIdempotencyKey(),
            }
          : null,
    };
  });
}
