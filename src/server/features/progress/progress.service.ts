import type { Progress } from '@shared/schemas/progress';
import type { AppDeps, FamilyScope } from '../../context';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import * as access from '../access';
import { forgetDeckMemory, forgetStudentMemory, memoryStatisticsOfDay, studentDay } from '../memory';
import * as repo from './progress.repository';

/**
 * A student's progress and its removal. Accuracies are percentages left unrounded (the client
 * rounds for display); another family's deck is answered as missing (the API guard answers for
 * the student: features/access).
 */
export function progressService(deps: AppDeps) {
  const db = deps.db.kysely;

  return {
    /** The student's progress; spaced repetition counted in the local day of `tz`. */
    async get(who: FamilyScope, studentId: number, tz = 'UTC'): Promise<Progress> {
      const { familyId } = who;
      // The student's day (settings, today's answers) is read first; it also answers 404 for a
      // student not the family's (the API guard has already asked).
      const day = await studentDay(db, { familyId, studentId, tz, now: deps.now() });
      const [{ overall, decks }, cards, memory] = await Promise.all([
        repo.totals(db, familyId, studentId),
        repo.problematicCards(db, familyId, studentId),
        memoryStatisticsOfDay(db, day),
      ]);
      return {
        overall_statistics: {
          decks_studied: Number(overall.decks_studied),
          total_sessions: Number(overall.total_sessions),
          overall_accuracy: numberOrNull(overall.overall_accuracy),
          total_study_time: Number(overall.total_study_time),
        },
        deck_statistics: decks.map((d) => ({
          ...d,
          total_study_sessions: Number(d.total_study_sessions),
          average_accuracy: numberOrNull(d.average_accuracy),
          last_studied: d.last_studied ?? null,
          total_study_time: Number(d.total_study_time),
        })),
        problematic_cards: cards.map((c) => ({
          ...c,
          accuracy_percentage: Number(c.accuracy_percentage),
          times_studied: Number(c.times_studied),
        })),
        memory_statistics: memory,
      };
    },

    /** Every answer and memory of the student (whom the API guard found the family's: student.edit). */
    async nuke(studentId: number): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        await repo.deleteProgress(trx, studentId);
        await forgetStudentMemory(trx, studentId);
      });
    },

    async removeDeck(who: FamilyScope, studentId: number, deckId: number): Promise<void> {
      const { familyId } = who;
      if (!(await access.deckUsable(db, familyId, studentId, deckId))) throw notFound('Deck not found');
      await inTransaction(deps.db, async (trx) => {
        await repo.deleteProgress(trx, studentId, deckId);
        await forgetDeckMemory(trx, studentId, deckId);
      });
    },
  };
}

// Number() as a belt: a driver without our type parsers would hand back strings.
const numberOrNull = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
