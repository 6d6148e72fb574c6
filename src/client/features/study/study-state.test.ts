import { describe, expect, it } from 'vitest';
import { initialStudyState, studyReducer, summarize, type StudyAction, type StudyState } from './study-state';
import { firstSideFor } from './first-side';

type C = { id: number };
const cards: C[] = [{ id: 1 }, { id: 2 }, { id: 3 }];
const run = (actions: StudyAction<C>[], start: StudyState<C> = initialStudyState(cards, 1000)) =>
  actions.reduce(studyReducer, start);

describe('study state', () => {
  it('starts on the first card, unflipped, every card unvisited', () => {
    const s = initialStudyState(cards, 1000);
    expect(s).toMatchObject({
      index: 0,
      flipped: false,
      marks: {},
      finished: false,
      startedAt: 1000,
      finishedAt: null,
    });
  });

  it('flips back and forth; moving to another card shows its first side', () => {
    expect(run([{ type: 'flip' }]).flipped).toBe(true);
    expect(run([{ type: 'flip' }, { type: 'flip' }]).flipped).toBe(false);
    expect(run([{ type: 'flip' }, { type: 'skip', now: 1 }])).toMatchObject({ index: 1, flipped: false });
    expect(run([{ type: 'flip' }, { type: 'unflip' }]).flipped).toBe(false);
  });

  it('previous does nothing on the first card and goes back otherwise', () => {
    const start = initialStudyState(cards, 0);
    expect(studyReducer(start, { type: 'previous' })).toBe(start);
    expect(run([{ type: 'skip', now: 1 }, { type: 'previous' }]).index).toBe(0);
  });

  it('marks cards, and a card marked again keeps the last mark', () => {
    const s = run([
      { type: 'mark', mark: 'not-mastered', now: 1 },
      { type: 'previous' },
      { type: 'mark', mark: 'mastered', now: 2 },
    ]);
    expect(s.marks).toEqual({ 1: 'mastered' });
    expect(s.index).toBe(1);
  });

  it('ends after the last card is marked or skipped, and then ignores everything but restart', () => {
    const done = run([
      { type: 'mark', mark: 'mastered', now: 1 },
      { type: 'skip', now: 2 },
      { type: 'mark', mark: 'not-mastered', now: 5000 },
    ]);
    expect(done).toMatchObject({ finished: true, finishedAt: 5000, index: 2 });
    expect(studyReducer(done, { type: 'flip' })).toBe(done);
    expect(studyReducer(done, { type: 'previous' })).toBe(done);
    const skipped = run([
      { type: 'skip', now: 1 },
      { type: 'skip', now: 2 },
      { type: 'skip', now: 3 },
    ]);
    expect(skipped.finished).toBe(true);
  });

  it('restart takes the new order, clears marks and counts the round', () => {
    const done = run([
      { type: 'mark', mark: 'mastered', now: 1 },
      { type: 'mark', mark: 'mastered', now: 2 },
      { type: 'mark', mark: 'mastered', now: 3 },
    ]);
    const again = studyReducer(done, { type: 'restart', cards: [...cards].reverse(), now: 9 });
    expect(again).toMatchObject({ index: 0, marks: {}, finished: false, startedAt: 9, round: 1 });
    expect(again.cards.map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it('summarizes: accuracy over all cards, skipped cards are not answers', () => {
    const s = summarize(
      run([
        { type: 'mark', mark: 'mastered', now: 1 },
        { type: 'skip', now: 2 },
        { type: 'mark', mark: 'not-mastered', now: 3 },
      ]),
    );
    expect(s).toMatchObject({ total: 3, mastered: 1, notMastered: 1, unvisited: 1, allMastered: false });
    expect(s.accuracy).toBeCloseTo(100 / 3);
    expect(s.results).toEqual([
      { card_id: 1, is_correct: true },
      { card_id: 3, is_correct: false },
    ]);
    const perfect = summarize(run(cards.map(() => ({ type: 'mark', mark: 'mastered', now: 1 }) as const)));
    expect(perfect).toMatchObject({ allMastered: true, accuracy: 100, mastered: 3 });
  });
});

describe('side shown first', () => {
  it('is English for English natives and Spanish otherwise; the query parameter overrides', () => {
    expect(firstSideFor(null, { native_language: 'English' })).toBe('en');
    expect(firstSideFor(null, { native_language: 'Español' })).toBe('es');
    expect(firstSideFor(null, { native_language: '' })).toBe('es');
    expect(firstSideFor(null, null)).toBe('es');
    expect(firstSideFor('false', { native_language: 'English' })).toBe('es');
    expect(firstSideFor('true', { native_language: 'Español' })).toBe('en');
    expect(firstSideFor('maybe', { native_language: 'English' })).toBe('en');
  });
});
