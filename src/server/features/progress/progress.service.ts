import type { Progress } from '@shared/schemas/progress';
import type { AppDeps } from '../../context';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import * as access from '../access';
import { forgetDeckMemory, forgetStudentMemory, memoryStatistics, modeStatistics } from '../memory';
import * as repo from './progress.repository';

/**
 * A student's progress and its removal. Accuracies are percentages left unrounded (the client
 * rounds for display); another user's student or deck is answered as missing.
 */
export function progressService(deps: AppDeps) {
  const db = deps.db.kysely;

  async function requireStudent(userId: number, studentId: number) {
    if (!(await access.studentOwned(db, userId, studentId))) throw notFound('Student not found');
  }

  return {
    /** The student's progress; spaced repetition counted in the local day of `tz`. */
    async get(userId: number, studentId: number, tz = 'UTC'): Promise<Progress> {
      await requireStudent(userId, studentId);
      const [overall, decks, cards, memory, modes] = await Promise.all([
        repo.overall(db, studentId),
        repo.deckStatistics(db, userId, studentId),
        repo.problematicCards(db, userId, studentId),
        memoryStatistics(db, { userId, studentId, tz, now: deps.now() }),
        modeStatistics(db, studentId, deps.now()),
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
        memory_statistics: { ...memory, modes },
      };
    },

    async nuke(userId: number, studentId: number): Promise<void> {
      await requireStudent(userId, studentId);
      await inTransaction(deps.db, async (trx) => {
        await repo.deleteProgress(trx, studentId);
        await forgetStudentMemory(trx, studentId);
      });
    },

    async removeDeck(userId: number, studentId: number, deckId: number): Promise<void> {
      await requireStudent(userId, studentId);
      if (!(await access.deckUsable(db, userId, studentId, deckId))) throw notFound('Deck not found');
      await inTransaction(deps.db, async (trx) => {
        await repo.deleteProgress(trx, studentId, deckId);
        await forgetDeckMemory(trx, studentId, deckId);
      });
    },
  };
}

// Number() as a belt: a driver without our type parsers would hand back strings.
const numberOrNull = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
