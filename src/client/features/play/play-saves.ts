import { modeRating, type PlayOutcome } from '@shared/answer-modes';
import { REVIEW_DURATION_MAX_MS } from '@shared/constants';
import { accuracyPercentage, durationSeconds } from '@shared/study';
import type { CardResult } from '@shared/schemas/study';
import { newIdempotencyKey } from '@client/lib/idempotency-key';
import type { OutboxRequest } from '@client/lib/outbox';
import type { PlayMode } from './sides';

/** One answer of a round, as it is saved: a review answer with its mode and grade (src/shared/answer-modes.ts). */
export function playAnswer(
  cardId: number,
  mode: PlayMode,
  outcome: PlayOutcome,
  shownAt: number,
  now = Date.now(),
): CardResult {
  const rating = modeRating(mode, outcome);
  return {
    card_id: cardId,
    is_correct: rating !== 'again',
    rating,
    mode,
    reviewed_at: new Date(now).toISOString(),
    duration_ms: Math.max(0, Math.min(Math.round(now - shownAt), REVIEW_DURATION_MAX_MS)),
  };
}

/**
 * The saves of a finished round, as a review session's (features/study/review-saves.ts): per deck it
 * touched, a study session record with its counts and time, and its answers in one
 * POST /api/card-performance with their mode, each request with its own idempotency key, all
 * queued in the outbox (sent now, or when back online).
 */
export function playSave(studentId: number, answers: readonly (CardResult & { deck_id: number })[]): OutboxRequest[] {
  const byDeck = new Map<number, (CardResult & { deck_id: number })[]>();
  for (const a of answers) byDeck.set(a.deck_id, [...(byDeck.get(a.deck_id) ?? []), a]);
  return [...byDeck].flatMap(([deckId, results]): OutboxRequest[] => {
    const mastered = results.filter((r) => r.is_correct).length;
    const spentMs = results.reduce((sum, r) => sum + (r.duration_ms ?? 0), 0);
    return [
      {
        kind: 'study-session',
        body: {
          student_id: studentId,
          deck_id: deckId,
          cards_studied: results.length,
          cards_mastered: mastered,
          cards_not_mastered: results.length - mastered,
          accuracy_percentage: accuracyPercentage(mastered, results.length),
          study_duration_seconds: durationSeconds(0, spentMs),
          idempotency_key: newIdempotencyKey(),
        },
      },
      {
        kind: 'card-performance',
        body: {
          student_id: studentId,
          card_results: results.map(({ deck_id: _d, ...r }) => r),
          idempotency_key: newIdempotencyKey(),
        },
      },
    ];
  });
}
