import { localDate, startOfLocalDay } from '@shared/local-day';
import { reviewQueueOf } from '@shared/review-queue';
import type { DeckWithCards } from '@shared/schemas/deck';
import type { MemoryStates } from '@shared/schemas/memory-states';
import type { ReviewQueue } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import type { CardPerformanceInput } from '@shared/schemas/study';
import { answerRating } from '@shared/answer-modes';
import { schedulerFor, type Memory } from '@shared/srs';
import { keptKeys, readKept } from '@client/lib/offline-store';
import { queuedAnswers } from '@client/lib/outbox';
import { browserTimeZone } from '@client/lib/time-zone';

/**
 * The kept memory states with the answers still waiting in the outbox applied on top (the server
 * has not seen them, so the kept states do not have them), and today's answer counts with them.
 */
export function withQueuedAnswers(
  kept: MemoryStates,
  queued: CardPerformanceInput[],
  student: Pick<Student, 'id' | 'desired_retention'>,
  now: Date,
  tz: string,
) {
  const day = localDate(now, tz);
  const dayStart = new Date(startOfLocalDay(day, tz)).toISOString();
  const memory = new Map<number, Memory>(kept.states.map(({ card_id, deck_id: _, ...m }) => [card_id, m]));
  const answered = kept.day === day ? { ...kept.answered_today } : { reviewed: 0, introduced: 0 };
  // The student's own parameters when tuned (kept states from before issue 26 have none: the defaults).
  const scheduler = schedulerFor({ ...student, parameters: kept.parameters ?? null });
  const answers = queued
    .filter((body) => body.student_id === student.id)
    .flatMap((body) => body.card_results.map((r) => ({ ...r, reviewed_at: r.reviewed_at ?? now.toISOString() })))
    .sort((a, b) => a.reviewed_at.localeCompare(b.reviewed_at));
  const counted = new Set<number>();
  for (const answer of answers) {
    const before = memory.get(answer.card_id) ?? null;
    if (answer.reviewed_at >= dayStart && !counted.has(answer.card_id)) {
      counted.add(answer.card_id);
      // A card the kept counts already include (answered today before they were read) counts once.
      if (!(before?.last_review && before.last_review >= dayStart && kept.day === day)) {
        if (before && before.last_review && before.last_review < dayStart) answered.reviewed++;
        else if (!before) answered.introduced++;
      }
    }
    memory.set(
      answer.card_id,
      scheduler.apply(before, answer.card_id, { rating: answerRating(answer), reviewed_at: answer.reviewed_at }),
    );
  }
  return { memory, answered };
}

/**
 * The student's review queue computed on this device from what it kept (the student, the kept
 * decks and the last synced memory states) and the answers waiting to be sent; undefined when
 * the device has not kept what it needs.
 */
export async function deviceReviewQueue(studentId: number, deckId: number | null): Promise<ReviewQueue | undefined> {
  const [states, students, offlineDecks] = await Promise.all([
    readKept<MemoryStates>(keptKeys.memory(studentId)),
    readKept<Student[]>(keptKeys.students),
    readKept<number[]>(keptKeys.offlineDecks(studentId)),
  ]);
  const student = students?.value.find((s) => s.id === studentId);
  if (!states || !student) return undefined;
  const ids = deckId === null ? (offlineDecks?.value ?? []) : [deckId];
  const decks = (await Promise.all(ids.map((id) => readKept<DeckWithCards>(keptKeys.deck(id)))))
    .flatMap((kept) => (kept ? [kept.value] : []))
    // All decks: archived ones are left out, as the server leaves them out.
    .filter((deck) => deckId !== null || !deck.is_archived)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  if (deckId !== null && decks.length === 0) return undefined;
  const now = new Date();
  const tz = browserTimeZone();
  const queued = await queuedAnswers().catch(() => []);
  const { memory, answered } = withQueuedAnswers(states.value, queued, student, now, tz);
  return reviewQueueOf({
    now,
    tz,
    limits: student,
    answeredToday: answered,
    decks,
    memory,
    parameters: states.value.parameters ?? null,
  });
}
