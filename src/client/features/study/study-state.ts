/**
 * The study session as a pure state machine (SPEC §2 Study, §4): cards in shuffled order, the
 * current card and side, and each card's mark (absent = unvisited). The session ends when the
 * last card is marked or skipped.
 */
import { accuracyPercentage } from '@shared/study';

export type CardMark = 'mastered' | 'not-mastered';

export interface StudyState<C extends { id: number }> {
  cards: readonly C[];
  index: number;
  /** True while the card shows its second side. */
  flipped: boolean;
  marks: Readonly<Record<number, CardMark>>;
  finished: boolean;
  startedAt: number;
  finishedAt: number | null;
  /** Counts restarts, so each finished round can be told apart (one save per round). */
  round: number;
}

export type StudyAction<C> =
  | { type: 'flip' }
  | { type: 'unflip' }
  | { type: 'previous' }
  | { type: 'skip'; now: number }
  | { type: 'mark'; mark: CardMark; now: number }
  | { type: 'restart'; cards: readonly C[]; now: number };

export function initialStudyState<C extends { id: number }>(cards: readonly C[], now: number): StudyState<C> {
  return { cards, index: 0, flipped: false, marks: {}, finished: false, startedAt: now, finishedAt: null, round: 0 };
}

/** Moves past the current card; past the last one the session is over. */
function advance<C extends { id: number }>(state: StudyState<C>, now: number): StudyState<C> {
  if (state.index >= state.cards.length - 1) return { ...state, flipped: false, finished: true, finishedAt: now };
  return { ...state, index: state.index + 1, flipped: false };
}

export function studyReducer<C extends { id: number }>(state: StudyState<C>, action: StudyAction<C>): StudyState<C> {
  if (action.type === 'restart') {
    return { ...initialStudyState(action.cards, action.now), round: state.round + 1 };
  }
  // A finished session only restarts.
  if (state.finished || state.cards.length === 0) return state;
  const card = state.cards[state.index]!;
  switch (action.type) {
    case 'flip':
      return { ...state, flipped: !state.flipped };
    case 'unflip':
      return state.flipped ? { ...state, flipped: false } : state;
    case 'previous':
      return state.index === 0 ? state : { ...state, index: state.index - 1, flipped: false };
    case 'skip':
      return advance(state, action.now);
    case 'mark':
      return advance({ ...state, marks: { ...state.marks, [card.id]: action.mark } }, action.now);
  }
}

export interface StudySummary {
  total: number;
  mastered: number;
  notMastered: number;
  /** Neither mastered nor not mastered (skipped). */
  unvisited: number;
  accuracy: number;
  allMastered: boolean;
  /** One result per marked card (skipped cards are not answers). */
  results: { card_id: number; is_correct: boolean }[];
}

/** Counts of a session; accuracy is mastered / all cards of the session × 100 (SPEC §9). */
export function summarize<C extends { id: number }>(state: StudyState<C>): StudySummary {
  const results = state.cards.flatMap((c) => {
    const mark = state.marks[c.id];
    return mark ? [{ card_id: c.id, is_correct: mark === 'mastered' }] : [];
  });
  const mastered = results.filter((r) => r.is_correct).length;
  const notMastered = results.length - mastered;
  const total = state.cards.length;
  return {
    total,
    mastered,
    notMastered,
    unvisited: total - results.length,
    accuracy: accuracyPercentage(mastered, total),
    allMastered: total > 0 && mastered === total,
    results,
  };
}
