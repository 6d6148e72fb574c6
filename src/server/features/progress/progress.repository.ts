import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Cards answered correctly less often than this (percent) need attention. */
const PROBLEM_THRESHOLD = 80;
const PROBLEM_LIMIT = 20;

/**
 * All SQL of the progress screen. Every statistic is an aggregate computed by the database
 * (no result rows are loaded), with the same SQL on SQLite and PostgreSQL: `* 100.0` keeps
 * divisions fractional, and the pg type parsers turn count/sum/numeric into numbers.
 */
export function progressRepository(db: Kysely<Database>) {
  return {
    async studentOwned(userId: number, studentId: number): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('id')
        .where('id', '=', studentId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Whether the deck is the user's and is either this student's or shared (no student). */
    async deckUsable(userId: number, studentId: number, deckId: number): Promise<boolean> {
      const row = await db
        .selectFrom('decks')
        .select('id')
        .where('id', '=', deckId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', studentId)]))
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Totals over all of a student's sessions; accuracy is null when nothing was studied. */
    overall(studentId: number) {
      return db
        .selectFrom('study_sessions')
        .where('student_id', '=', studentId)
        .select((eb) => [
          eb.fn.count<number>('deck_id').distinct().as('decks_studied'),
          eb.fn.countAll<number>().as('total_sessions'),
          sql<number | null>`sum(cards_mastered) * 100.0 / nullif(sum(cards_studied), 0)`.as('overall_accuracy'),
          sql<number>`coalesce(sum(study_duration_seconds), 0)`.as('total_study_time'),
        ])
        .executeTakeFirstOrThrow();
    },

    /** One row per studied deck of the user, most recently studied first. */
    deckStatistics(userId: number, studentId: number) {
      const perDeck = db
        .selectFrom('study_sessions')
        .where('student_id', '=', studentId)
        .groupBy('deck_id')
        .select((eb) => [
          'deck_id',
          eb.fn.countAll<number>().as('total_study_sessions'),
          sql<number | null>`sum(cards_mastered) * 100.0 / nullif(sum(cards_studied), 0)`.as('average_accuracy'),
          eb.fn.max('created_at').as('last_studied'),
          sql<number>`sum(study_duration_seconds)`.as('total_study_time'),
        ])
        .as('s');
      return db
        .selectFrom(perDeck)
        .innerJoin('decks as d', 'd.id', 's.deck_id')
        .where('d.user_id', '=', userId)
        .select([
          's.deck_id',
          'd.title as deck_title',
          'd.subtitle as deck_subtitle',
          'd.color as deck_color',
          's.total_study_sessions',
          's.average_accuracy',
          's.last_studied',
          's.total_study_time',
        ])
        .orderBy('s.last_studied', 'desc')
        .orderBy('s.deck_id', 'desc')
        .execute();
    },

    /**
     * Cards answered correctly below the threshold, worst first, then most attempts, at most 20.
     * The grouping reads only the (student_id, card_id, is_correct) index; the threshold is
     * compared in integers so that exactly 80 % is never let in by rounding.
     */
    problematicCards(userId: number, studentId: number) {
      const ratio = sql`r.correct * 1.0 / r.attempts`;
      const worst = db
        .selectFrom('card_results')
        .where('student_id', '=', studentId)
        .groupBy('card_id')
        .select((eb) => [
          'card_id',
          eb.fn.countAll<number>().as('attempts'),
          eb.fn.sum<number>('is_correct').as('correct'),
        ])
        .having(sql<boolean>`100 * sum(is_correct) < ${sql.lit(PROBLEM_THRESHOLD)} * count(*)`)
        .as('r');
      return db
        .selectFrom(worst)
        .innerJoin('cards as c', 'c.id', 'r.card_id')
        .innerJoin('decks as d', 'd.id', 'c.deck_id')
        .where('d.user_id', '=', userId)
        .select([
          'c.id',
          'c.en',
          'c.es',
          'd.title as deck_title',
          sql<number>`r.correct * 100.0 / r.attempts`.as('accuracy_percentage'),
          'r.attempts as times_studied',
        ])
        .orderBy(ratio)
        .orderBy('r.attempts', 'desc')
        .orderBy('c.id')
        .limit(PROBLEM_LIMIT)
        .execute();
    },

    /** Deletes the student's sessions and card results (of one deck, when given), atomically. */
    async deleteProgress(studentId: number, deckId?: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of ['card_results', 'study_sessions'] as const) {
          let q = trx.deleteFrom(table).where('student_id', '=', studentId);
          if (deckId !== undefined) q = q.where('deck_id', '=', deckId);
          await q.execute();
        }
      });
    },
  };
}
