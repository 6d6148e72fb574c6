import type { ClassProgress } from '@shared/schemas/class-progress';
import type { DbHandle } from '../../db/schema';
import { memoryFiguresOfFamily, requireTimeZone } from '../memory';
import { studentsOfUser } from '../students';
import { lastSessions } from './progress.repository';
import type { FamilyScope } from '../../context';

/**
 * "All students": a row per student of the family, in the order they were added. Last studied is
 * the later of the last answer (review or study) and the last saved study session.
 */
export async function classProgress(db: DbHandle, who: FamilyScope, tz: string, now: Date): Promise<ClassProgress> {
  const { familyId } = who;
  requireTimeZone(tz);
  const [students, memory, sessions] = await Promise.all([
    studentsOfUser(db, familyId),
    memoryFiguresOfFamily(db, familyId, tz, now),
    lastSessions(db, familyId),
  ]);
  const sessionOf = new Map(sessions.map((s) => [s.student_id, s.last]));
  return {
    students: students.map((s) => {
      const m = memory.get(s.id);
      const last = [m?.last_answer, sessionOf.get(s.id)].filter((t): t is string => !!t).sort();
      return {
        id: s.id,
        name: s.name,
        due_today: m?.due_today ?? 0,
        reviews_7_days: m?.reviews_7_days ?? 0,
        accuracy_30_days: m?.accuracy_30_days ?? null,
        cards_learned: m?.cards_learned ?? 0,
        last_studied: last.at(-1) ?? null,
      };
    }),
  };
}
