import { modeRating, type PlayOutcome } from '@shared/answer-modes';
import { REVIEW_DURATION_MAX_MS } from '@shared/constants';
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
 * The save of a finished round: its answers in one POST /api/card-performance with a fresh
 * idempotency key, queued in the outbox like every study save (sent now, or when back online).
 */
export function playSave(studentId: number, answers: readonly CardResult[]): OutboxRequest[] {
  if (answers.length === 0) return [];
  const key = newIdempotencyKey();
  return [
    {
      kind: 'card-performance',
      body: { student_id: studentId, card_results: [...answers], idempotency_key: key },
    },
  ];
}
