import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Which save an idempotency key belongs to; one key may serve both saves of a study session. */
export type IdempotencyScope = 'study-session' | 'card-performance';

export interface SessionRow {
  student_id: number;
  deck_id: number;
  cards_studied: number;
  cards_mastered: number;
  cards_not_mastered: number;
  accuracy_percentage: number;
  study_duration_seconds: number;
  created_at: string;
}

export interface CardResultRow {
  student_id: number;
  deck_id: number;
  card_id: number;
  is_correct: number;
  created_at: string;
}

/** Runs `fn` with a repository bound to one transaction: all of it is stored, or none. */
export function inStudyTransaction<T>(db: Kysely<Database>, fn: (repo: StudyRepository) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => fn(studyRepository(trx)));
}

/** All SQL of saving study results. */
export function studyRepository(db: Kysely<Database>) {
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

    /** The cards among `cardIds` in decks the student may study, with their deck. */
    usableCards(userId: number, studentId: number, cardIds: number[]): Promise<{ id: number; deck_id: number }[]> {
      return db
        .selectFrom('cards')
        .innerJoin('decks', 'decks.id', 'cards.deck_id')
        .select(['cards.id', 'cards.deck_id'])
        .where('cards.id', 'in', cardIds)
        .where('decks.user_id', '=', userId)
        .where((eb) => eb.or([eb('decks.student_id', 'is', null), eb('decks.student_id', '=', studentId)]))
        .execute();
    },

    /**
     * Records the key; false when it was already recorded. The primary key decides, so two
     * concurrent requests with one key cannot both win.
     */
    async claimKey(userId: number, scope: IdempotencyScope, key: string, now: string): Promise<boolean> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, scope, key, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return Boolean(row);
    },

    async insertSession(row: SessionRow): Promise<void> {
      await db.insertInto('study_sessions').values(row).execute();
    },

    async insertCardResults(rows: CardResultRow[]): Promise<void> {
      await db.insertInto('card_results').values(rows).execute();
    },
  };
}
export type StudyRepository = ReturnType<typeof studyRepository>;

/** A row referenced something deleted meanwhile (PostgreSQL 23503, SQLite FOREIGNKEY). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
