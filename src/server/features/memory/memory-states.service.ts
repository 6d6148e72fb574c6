import { localDate, startOfLocalDay } from '@shared/local-day';
import type { MemoryStates } from '@shared/schemas/memory-states';
import type { DbHandle } from '../../db/schema';
import { notFound } from '../../http/errors';
import { memoryStatesOfStudent } from './memory-states.repository';
import { memoryOf, requireTimeZone } from './memory.service';
import { settingsAndAnswersToday } from './review-queue.repository';
import { storedParameters } from '../schedule';
import type { FamilyScope } from '../../context';

/**
 * GET /api/students/{id}/memory-states: the user's student's memory of each answered card in their
 * decks and today's answers in `tz` (404 for another family's student, 400 for an unknown zone).
 */
export async function memoryStates(
  db: DbHandle,
  who: FamilyScope,
  asked: { studentId: number; tz: string; now: Date },
): Promise<MemoryStates> {
  const input = { ...asked, familyId: who.familyId };
  requireTimeZone(input.tz);
  const day = localDate(input.now, input.tz);
  const start = new Date(startOfLocalDay(day, input.tz)).toISOString();
  // The student's settings and today's answers, read together: no row for another family's student.
  const today = await settingsAndAnswersToday(db, input.familyId, input.studentId, start, day);
  if (!today) throw notFound('Student not found');
  const { answered } = today;
  const rows = await memoryStatesOfStudent(db, input.familyId, input.studentId);
  const parameters = storedParameters(today.parameters);
  return {
    day,
    answered_today: { reviewed: answered.reviewed, introduced: answered.introduced },
    states: rows.map((row) => ({ card_id: row.card_id, deck_id: row.deck_id, ...memoryOf(row)! })),
    parameters,
  };
}
