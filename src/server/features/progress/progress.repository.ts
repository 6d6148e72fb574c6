import { sql, type Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database } from '../../db/schema';

/** Cards answered correctly less often than this (percent) need attention. */
const PROBLEM_THRESHOLD = 80;
const PROBLEM_LIMIT = 20;

// The reads of the progress screen, compiled once (src/server/db/precompiled.ts).
const studentOfUser = precompiled((db, userId: number, studentId: number) =>
  db.selectFrom('students').select('id').where('id', '=', studentId).where('user_id', '=', userId),
);

const overallTotals = precompiled((db, studentId: number) =>
  db
    .selectFrom('study_totals')
    .where('student_id', '=', studentId)
    .select((eb) => [
      eb.fn.countAll<number>().as('decks_studied'),
      sql<number>`coalesce(sum(sessions), 0)`.as('total_sessions'),
      sql<number | null>`sum(cards_mastered) * 100.0 / nullif(sum(cards_studied), 0)`.as('overall_accuracy'),
      sql<number>`coalesce(sum(study_seconds), 0)`.as('total_study_time'),
    ]),
);

const deckTotals = precompiled((db, userId: number, studentId: number) =>
  db
    .selectFrom('study_totals as s')
    .innerJoin('decks as d', 'd.id', 's.deck_id')
    .where('s.student_id', '=', studentId)
    .where('d.user_id', '=', userId)
    .select([
      's.deck_id',
      'd.title as deck_title',
      'd.subtitle as deck_subtitle',
      'd.color as deck_color',
      's.sessions as total_study_sessions',
      sql<number | null>`s.cards_mastered * 100.0 / nullif(s.cards_studied, 0)`.as('average_accuracy'),
      's.last_studied',
      's.study_seconds as total_study_time',
    ])
    .orderBy('s.last_studied', 'desc')
    .orderBy('s.deck_id', 'desc'),
);

// The worst cards are chosen from the student's totals alone, then joined to their text: joining
// every studied card first cost ~3x more (bench/README.md). The student is the user's (checked
// first) and saves only count the user's cards, so the outer ownership filter is a safeguard that
// removes nothing. The threshold is compared in integers so that exactly 80 % is never let in by
// rounding.
const worstCards = precompiled((db, userId: number, studentId: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('card_totals')
        .select(['card_id', 'attempts', 'correct'])
        .where('student_id', '=', studentId)
        .where(sql<boolean>`100 * correct < ${sql.lit(PROBLEM_THRESHOLD)} * attempts`)
        .orderBy(sql`correct * 1.0 / attempts`)
        .orderBy('attempts', 'desc')
        .orderBy('card_id')
        .limit(PROBLEM_LIMIT)
        .as('r'),
    )
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
    .orderBy(sql`r.correct * 1.0 / r.attempts`)
    .orderBy('r.attempts', 'desc')
    .orderBy('c.id'),
);

/**
 * All SQL of the progress screen. Every statistic is computed by the database from the running
 * totals that the saves keep (study_totals, card_totals: a row per studied deck and card, however
 * long the history), with the same SQL on SQLite and PostgreSQL: `* 100.0` keeps divisions
 * fractional, and the pg type parsers turn count/sum/numeric into numbers.
 */
export function progressRepository(db: Kysely<Database>) {
  return {
    async studentOwned(userId: number, studentId: number): Promise<boolean> {
      return (await studentOfUser(db, userId, studentId)).length > 0;
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
    async overall(studentId: number) {
      return (await overallTotals(db, studentId))[0]!;
    },

    /** One row per studied deck of the user, most recently studied first. */
    deckStatistics(userId: number, studentId: number) {
      return deckTotals(db, userId, studentId);
    },

    /** Cards answered correctly below the threshold, worst first, then most attempts, at most 20. */
    problematicCards(userId: number, studentId: number) {
      return worstCards(db, userId, studentId);
    },

    /** Deletes the student's sessions, card results and their totals (of one deck, when given), atomically. */
    async deleteProgress(studentId: number, deckId?: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of ['card_results', 'study_sessions', 'card_totals', 'study_totals'] as const) {
          let q = trx.deleteFrom(table).where('student_id', '=', studentId);
          if (deckId !== undefined) q = q.where('deck_id', '=', deckId);
          await q.execute();
        }
      });
    },
  };
}
