import { describe, expect, it } from 'vitest';
import { ANSWER_MODES } from './constants';
import { MODE_RATINGS, answerRating, modeRating } from './answer-modes';

describe('grades of the play modes', () => {
  it('grades a pick among four below a spelling, and a wrong answer again in every mode', () => {
    expect(modeRating('listen', 'correct')).toBe('hard');
    expect(modeRating('choice', 'correct')).toBe('hard');
    expect(modeRating('match', 'correct')).toBe('hard');
    expect(modeRating('spell', 'correct')).toBe('good');
    expect(modeRating('spell', 'close')).toBe('hard');
    for (const mode of ['listen', 'choice', 'match', 'spell'] as const) expect(modeRating(mode, 'wrong')).toBe('again');
  });

  it('rates a saved answer by its mode unless it carries a rating', () => {
    expect(answerRating({ is_correct: true })).toBe('good');
    expect(answerRating({ is_correct: false, mode: 'flip' })).toBe('again');
    expect(answerRating({ is_correct: true, mode: 'listen' })).toBe('hard');
    expect(answerRating({ is_correct: true, mode: 'spell' })).toBe('good');
    expect(answerRating({ is_correct: true, mode: 'spell', rating: 'hard' })).toBe('hard');
    expect(answerRating({ is_correct: false, mode: 'match' })).toBe('again');
  });

  it('allows each mode exactly the ratings it gives', () => {
    for (const mode of ANSWER_MODES) {
      if (mode === 'flip') continue;
      const given = new Set(['correct', 'close', 'wrong'].map((o) => modeRating(mode, o as 'correct')));
      expect(new Set(MODE_RATINGS[mode])).toEqual(mode === 'spell' ? given : new Set(['again', 'hard']));
    }
  });
});
