import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';

/** The SQL of answers per play mode (the progress screen), read through the (student, reviewed_at) index. */

const answersPerMode = precompiled((db, studentId: number, since: string) =>
  db
    .selectFrom('review_logs')
    .select((eb) => [
      'mode',
      eb.fn.countAll<number>().as('answers'),
      sql<number>`sum(case when rating = 'again' then 0 else 1 end)`.as('correct'),
    ])
    .where('student_id', '=', studentId)
    .where('reviewed_at', '>=', since)
    .groupBy('mode'),
);

/** A student's answers given at or after `since` (ISO), counted per mode with those remembered (not again). */
export async function answersByMode(
  db: DbHandle,
  studentId: number,
  since: string,
): Promise<{ mode: string; answers: number; correct: number }[]> {
  return (await answersPerMode(db, studentId, since)).map((r) => ({
    mode: r.mode,
    answers: Number(r.answers),
    correct: Number(r.correct),
  }));
}
