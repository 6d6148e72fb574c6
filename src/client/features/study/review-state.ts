/**
 * A review session as a pure state machine: the due cards in queue order, the current card and
 * side, and each answered card's rating with when it was given and how long it took. Unlike a
 * study session there is no going back: an answer schedules the card. Skipped cards stay due.
 */
import { REVIEW_DURATION_MAX_MS, type ReviewRating } from '@shared/constants';
import { isRecalled } from '@shared/srs';

export interface ReviewAnswer {
  rating: ReviewRating;
  /** When the answer was given (ISO, from the page's clock). */
  reviewed_at: string;
  duration_ms: number;
}

export interface ReviewState<C extends { id: number }> {
  cards: readonly C[];
  index: number;
  flipped: boolean;
  answers: Readonly<Record<number, ReviewAnswer>>;
  /** Time spent on each card left so far, answered or skipped (ms). */
  spent: Readonly<Record<number, number>>;
  finished: boolean;
  startedAt: number;
  finishedAt: number | null;
  /** When the current card appeared. */
  shownAt: number;
}

export type ReviewAction =
  | { type: 'flip' }
  | { type: 'unflip' }
  | { type: 'skip'; now: number }
  | { type: 'answer'; rating: ReviewRating; now: number };

export function initialReviewState<C extends { id: number }>(cards: readonly C[], now: number): ReviewState<C> {
  return {
    cards,
    index: 0,
    flipped: false,
    answers: {},
    spent: {},
    finished: cards.length === 0,
    startedAt: now,
    finishedAt: cards.length === 0 ? now : null,
    shownAt: now,
  };
}

/** Time on the current card, within what the review log keeps (a clock that went back counts 0). */
const timeOn = (state: ReviewState<{ id: number }>, now: number) =>
  Math.min(REVIEW_DURATION_MAX_MS, Math.max(0, Math.round(now - state.shownAt)));

/** Leaves the current card (recording its time); past the last one the session is over. */
function leave<C extends { id: number }>(state: ReviewState<C>, now: number): ReviewState<C> {
  const card = state.cards[state.index]!;
  const spent = { ...state.spent, [card.id]: (state.spent[card.id] ?? 0) + timeOn(state, now) };
  if (state.index >= state.cards.length - 1)
    return { ...state, spent, flipped: false, finished: true, finishedAt: now };
  return { ...state, spent, index: state.index + 1, flipped: false, shownAt: now };
}

export function reviewReducer<C extends { id: number }>(state: ReviewState<C>, action: ReviewAction): ReviewState<C> {
  if (state.finished) return state;
  const card = state.cards[state.index]!;
  switch (action.type) {
    case 'flip':
      return { ...state, flipped: !state.flipped };
    case 'unflip':
      return state.flipped ? { ...state, flipped: false } : state;
    case 'skip':
      return leave(state, action.now);
    case 'answer': {
      const answer: ReviewAnswer = {
        rating: action.rating,
        reviewed_at: new Date(action.now).toISOString(),
        duration_ms: timeOn(state, action.now),
      };
      return leave({ ...state, answers: { ...state.answers, [card.id]: answer } }, action.now);
    }
  }
}

export interface ReviewSummary {
  total: number;
  /** Answered with anything but again. */
  remembered: number;
  forgot: number;
  skipped: number;
  allRemembered: boolean;
}

export function summarizeReview<C extends { id: number }>(state: ReviewState<C>): ReviewSummary {
  const answers = Object.values(state.answers);
  const remembered = answers.filter((a) => isRecalled(a.rating)).length;
  const total = state.cards.length;
  return {
    total,
    remembered,
    forgot: answers.length - remembered,
    skipped: total - answers.length,
    allRemembered: total > 0 && remembered === total,
  };
}
