import { describe, expect, it } from 'vitest';
import { cardPerformanceInputSchema, studySessionInputSchema } from '@shared/schemas/study';
import { playAnswer, playSave } from './play-saves';

describe('play saves', () => {
  it('grades each answer by its mode and keeps its time', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    expect(playAnswer(7, 'listen', 'correct', now - 3_000, now)).toEqual({
      card_id: 7,
      is_correct: true,
      rating: 'hard',
      mode: 'listen',
      reviewed_at: new Date(now).toISOString(),
      duration_ms: 3_000,
    });
    expect(playAnswer(7, 'spell', 'correct', now, now)).toMatchObject({ rating: 'good', is_correct: true });
    expect(playAnswer(7, 'spell', 'close', now, now)).toMatchObject({ rating: 'hard', is_correct: true });
    expect(playAnswer(7, 'match', 'wrong', now, now)).toMatchObject({ rating: 'again', is_correct: false });
  });

  it('saves a round as a study session and its answers per deck, each request valid and with its own key', () => {
    const answers = [
      { ...playAnswer(1, 'choice', 'correct', 0, 4_000), deck_id: 10 },
      { ...playAnswer(2, 'choice', 'wrong', 0, 6_000), deck_id: 10 },
      { ...playAnswer(3, 'choice', 'correct', 0, 2_000), deck_id: 20 },
    ];
    const requests = playSave(5, answers);
    expect(requests.map((r) => r.kind)).toEqual([
      'study-session',
      'card-performance',
      'study-session',
      'card-performance',
    ]);
    const [session, performance] = requests;
    expect(studySessionInputSchema.parse(session!.body)).toMatchObject({
      student_id: 5,
      deck_id: 10,
      cards_studied: 2,
      cards_mastered: 1,
      cards_not_mastered: 1,
      accuracy_percentage: 50,
      study_duration_seconds: 10,
    });
    const body = cardPerformanceInputSchema.parse(performance!.body);
    expect(body.card_results.map((r) => [r.card_id, r.mode, r.rating])).toEqual([
      [1, 'choice', 'hard'],
      [2, 'choice', 'again'],
    ]);
    const keys = requests.map((r) => r.body.idempotency_key);
    expect(new Set(keys).size).toBe(4);
    expect(playSave(5, [])).toEqual([]);
  });
});
