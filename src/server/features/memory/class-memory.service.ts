import { CLASS_ACCURACY_DAYS, CLASS_REVIEW_DAYS } from '@shared/constants';
import { addDays, localDate, quarterHour, startOfLocalDay } from '@shared/local-day';
import type { DbHandle } from '../../db/schema';
import { activityOfStudents, lastAnswers, memoryOfStudents } from './class-memory.repository';
import type { FamilyId } from '../../context';

/** The spaced-repetition figures of one student in "All students". */
export interface StudentMemoryFigures {
  due_today: number;
  cards_learned: number;
  reviews_7_days: number;
  /** Percentage of answers recalled (rated other than "again"), null without answers. */
  accuracy_30_days: number | null;
  last_answer: string | null;
}

/**
 * For every student of the family, in the local day of `tz` (valid, checked by the caller): cards
 * due today and learnt, as the deck list and the progress screen count them; answers over the last
 * CLASS_REVIEW_DAYS local days and the share recalled over the last CLASS_ACCURACY_DAYS (today
 * included, every deck); the last answer.
 */
export async function memoryFiguresOfFamily(
  db: DbHandle,
  familyId: FamilyId,
  tz: string,
  now: Date,
): Promise<Map<number, StudentMemoryFigures>> {
  const today = localDate(now, tz);
  const endOfDay = new Date(startOfLocalDay(addDays(today, 1), tz)).toISOString();
  const from = (days: number) => quarterHour(startOfLocalDay(addDays(today, -(days - 1)), tz));
  const [memory, activity, last] = await Promise.all([
    memoryOfStudents(db, familyId, endOfDay, now.toISOString()),
    activityOfStudents(db, familyId, from(CLASS_ACCURACY_DAYS), from(CLASS_REVIEW_DAYS)),
    lastAnswers(db, familyId),
  ]);
  const out = new Map<number, StudentMemoryFigures>();
  for (const r of last) {
    out.set(r.student_id, {
      due_today: 0,
      cards_learned: 0,
      reviews_7_days: 0,
      accuracy_30_days: null,
      last_answer: r.last,
    });
  }
  for (const r of memory) Object.assign(out.get(r.student_id) ?? {}, { due_today: r.due, cards_learned: r.learned });
  for (const r of activity) {
    Object.assign(out.get(r.student_id) ?? {}, {
      reviews_7_days: r.recent,
      accuracy_30_days: r.reviews > 0 ? (r.correct * 100) / r.reviews : null,
    });
  }
  return out;
}
