import { describe, expect, it } from 'vitest';
import type { MemoryStates } from '@shared/schemas/memory-states';
import { schedulerFor } from '@shared/srs';
import { withQueuedAnswers } from './device-queue';

const now = new Date('2025-03-03T15:00:00.000Z');
const tz = 'Europe/Madrid';
const student = { id: 7, desired_retention: 0.9 };
const scheduler = schedulerFor(student);
const learned = scheduler.apply(null, 1, { rating: 'good', reviewed_at: '2025-02-20T10:00:00.000Z' });
const kept = (day: string, answered = { reviewed: 0, introduced: 0 }): MemoryStates => ({
  day,
  answered_today: answered,
  states: [{ card_id: 1, deck_id: 3, ...learned }],
});
const answer = (card_id: number, reviewed_at: string, rating: 'good' | 'again' = 'good') => ({
  card_id,
  is_correct: rating !== 'again',
  rating,
  reviewed_at,
});

describe('withQueuedAnswers', () => {
  it("applies the answers waiting to be sent to the kept memory and counts today's", () => {
    const { memory, answered } = withQueuedAnswers(
      kept('2025-03-03', { reviewed: 2, introduced: 1 }),
      [
        { student_id: 7, card_results: [answer(1, '2025-03-03T09:00:00.000Z'), answer(2, '2025-03-03T09:01:00.000Z')] },
        { student_id: 7, card_results: [answer(2, '2025-03-03T09:11:00.000Z', 'again')] },
        // Another student's answers are not this queue's.
        { student_id: 8, card_results: [answer(5, '2025-03-03T09:00:00.000Z')] },
      ],
      student,
      now,
      tz,
    );
    expect(answered).toEqual({ reviewed: 3, introduced: 2 });
    expect(memory.get(1)).toEqual(
      scheduler.apply(learned, 1, { rating: 'good', reviewed_at: '2025-03-03T09:00:00.000Z' }),
    );
    expect(memory.get(2)).toEqual(
      scheduler.replay(2, [
        { rating: 'good', reviewed_at: '2025-03-03T09:01:00.000Z' },
        { rating: 'again', reviewed_at: '2025-03-03T09:11:00.000Z' },
      ]),
    );
    expect(memory.has(5)).toBe(false);
  });

  it("starts today's counts at zero when the kept ones are from another day", () => {
    const { answered } = withQueuedAnswers(kept('2025-03-02', { reviewed: 9, introduced: 9 }), [], student, now, tz);
    expect(answered).toEqual({ reviewed: 0, introduced: 0 });
  });
});
