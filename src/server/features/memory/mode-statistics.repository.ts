import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';

/**
 * The SQL of answers per play mode (the progress screen), from what the saves keep: answers per
 * student, deck, UTC quarter hour and mode (review_activity). A month of a busy child is a few
 * hundred of those rows, read from the (student, slot, mode, reviews, correct) index alone, where
 * counting the review log read every answer of the month.
 */

const answersPerMode = precompiled((db, studentId: number, fromSlot: string) =>
  db
    .selectFrom('review_activity')
    .select(['mode', sql<number>`sum(reviews)`.as('answers'), sql<number>`sum(correct)`.as('correct')])
    .where('student_id', '=', studentId)
    .where('slot', '>=', fromSlot)
    .groupBy('mode'),
);

/**
 * A student's answers from the UTC quarter hour `fromSlot` ('YYYY-MM-DDTHH:MM') on, counted per mode
 * with those remembered (not again).
 */
export async function answersByMode(
  db: DbHandle,
  studentId: number,
  fromSlot: string,
): Promise<{ mode: string; answers: number; correct: number }[]> {
  return (await answersPerMode(db, studentId, fromSlot)).map((r) => ({
    mode: r.mode,
    answers: Number(r.answers),
    correct: Number(r.correct),
  }));
}
