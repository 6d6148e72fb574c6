import { cardContentOf } from './card-fields';
import { REVIEW_SESSION_SIZE } from './constants';
import { addDays, localDate, startOfLocalDay } from './local-day';
import type { Card } from './schemas/card';
import type { ReviewCard, ReviewQueue } from './schemas/review';
import { NEW_MEMORY, type Memory } from './srs';

/**
 * The review queue computed from a student's memory states, on the device when it is offline. It
 * follows the rules of the server's queue (src/server/features/memory/review-queue.service.ts),
 * which reads the same selection from the database; review-queue.test.ts in the memory feature
 * runs both on the same states. In short:
 * - daily limits per local day: `new_per_day` minus the cards introduced today, `max_reviews_per_day`
 *   minus the known cards answered today; cards in their (re)learning steps are never held back;
 * - review cards are due for the whole local day of their due time, (re)learning cards at it;
 * - due reviews first (earliest due, then card id), then (re)learning cards, then new cards in deck
 *   order (decks as given, cards by id); at most REVIEW_SESSION_SIZE cards.
 */
export interface QueueInput {
  now: Date;
  /** The student's IANA time zone (the browser's). */
  tz: string;
  limits: { new_per_day: number; max_reviews_per_day: number };
  /** Cards answered today: `reviewed` had been answered before today, `introduced` had not. */
  answeredToday: { reviewed: number; introduced: number };
  /** The decks in scope, in deck order (oldest first), with their cards. */
  decks: { id: number; title: string; cards: Card[] }[];
  /** The student's memory of each card answered at least once (other cards are new). */
  memory: ReadonlyMap<number, Memory>;
  /** The student's own FSRS parameters once tuned (issue 26); absent or null: the defaults. Passed on in the answer. */
  parameters?: readonly number[] | null;
}

type Entry = { card: Card; title: string; memory: Memory };

const byDue = (a: Entry, b: Entry) =>
  a.memory.due! < b.memory.due! ? -1 : a.memory.due! > b.memory.due! ? 1 : a.card.id - b.card.id;

const toReviewCard = ({ card, title, memory }: Entry): ReviewCard => ({
  id: card.id,
  deck_id: card.deck_id,
  ...cardContentOf(card),
  deck_title: title,
  memory,
});

/** What the student should review now among `decks` (the answer GET /api/students/{id}/review gives). */
export function reviewQueueOf(input: QueueInput): ReviewQueue {
  const { now, tz } = input;
  const end = startOfLocalDay(addDays(localDate(now, tz), 1), tz);
  const endOfDay = new Date(end).toISOString();
  const dueNow = new Date(+now + 1).toISOString();
  const reviewsLeft = Math.max(0, input.limits.max_reviews_per_day - input.answeredToday.reviewed);
  const newLeft = Math.max(0, input.limits.new_per_day - input.answeredToday.introduced);

  const reviews: Entry[] = [];
  const learning: Entry[] = [];
  const unseen: Entry[] = [];
  let nextLearning: string | null = null;
  let nextReview: string | null = null;
  for (const deck of input.decks) {
    for (const card of [...deck.cards].sort((a, b) => a.id - b.id)) {
      const memory = input.memory.get(card.id);
      if (!memory || memory.state === 'new' || memory.due === null) {
        unseen.push({ card, title: deck.title, memory: { ...NEW_MEMORY } });
        continue;
      }
      const entry = { card, title: deck.title, memory };
      if (memory.state === 'review') {
        if (memory.due < endOfDay) reviews.push(entry);
        else if (nextReview === null || memory.due < nextReview) nextReview = memory.due;
      } else if (memory.due < dueNow) learning.push(entry);
      else if (nextLearning === null || memory.due < nextLearning) nextLearning = memory.due;
    }
  }
  reviews.sort(byDue);
  learning.sort(byDue);

  const counts = {
    due: Math.min(reviews.length, reviewsLeft),
    new: Math.min(unseen.length, newLeft),
    learning: learning.length,
  };
  const heldBack = reviews.length > reviewsLeft || unseen.length > newLeft;
  // A review card comes back on the local day of its due time; held-back cards tomorrow.
  const later = [
    nextLearning === null ? null : Date.parse(nextLearning),
    nextReview === null ? null : startOfLocalDay(localDate(Date.parse(nextReview), tz), tz),
    heldBack ? end : null,
  ].filter((t): t is number => t !== null);
  const cards = [
    ...reviews.slice(0, Math.min(REVIEW_SESSION_SIZE, reviewsLeft)),
    ...learning.slice(0, REVIEW_SESSION_SIZE),
    ...unseen.slice(0, counts.new),
  ];
  return {
    cards: cards.slice(0, REVIEW_SESSION_SIZE).map(toReviewCard),
    counts,
    next_due_at: later.length > 0 ? new Date(Math.min(...later)).toISOString() : null,
    parameters: input.parameters ? [...input.parameters] : null,
  };
}
