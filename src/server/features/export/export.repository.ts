import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Runs `fn` on one read-only snapshot, so that an export taken while the family keeps studying is
 * consistent (no card result without its card). PostgreSQL needs REPEATABLE READ for that; SQLite's
 * transactions are snapshots already and its driver ignores these settings.
 */
export function inExportSnapshot<T>(db: Kysely<Database>, fn: (repo: ExportRepository) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => fn(exportRepository(trx)));
}

/** All SQL of the data export: every row the user owns, each kind in a stable order. */
export function exportRepository(db: Kysely<Database>) {
  return {
    user(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'given_name', 'picture', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Linked sign-in providers; the subject is the user's id at that provider, not a secret. */
    identities(userId: number) {
      return db
        .selectFrom('identities')
        .select(['provider', 'subject', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Whether a password is set (the hash itself never leaves the server). */
    async hasPassword(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('password_credentials')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    students(userId: number) {
      return db
        .selectFrom('students')
        .select(['id', 'name', 'age', 'native_language', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    decks(userId: number) {
      return db
        .selectFrom('decks')
        .select([
          'id',
          'student_id',
          'title',
          'subtitle',
          'color',
          'is_imported',
          'original_deck_id',
          'is_archived',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    cards(userId: number) {
      return db
        .selectFrom('cards')
        .innerJoin('decks', 'decks.id', 'cards.deck_id')
        .select([
          'cards.id',
          'cards.deck_id',
          'cards.en',
          'cards.es',
          'cards.en_pronunciation',
          'cards.es_pronunciation',
          'cards.front_image_key',
          'cards.back_image_key',
          'cards.created_at',
        ])
        .where('decks.user_id', '=', userId)
        .orderBy('cards.id')
        .execute();
    },

    images(userId: number) {
      return db
        .selectFrom('images')
        .select(['key', 'content_type', 'width', 'height', 'byte_size', 'created_at', 'data'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Progress is owned through the student it belongs to. */
    studySessions(userId: number) {
      return db
        .selectFrom('study_sessions')
        .innerJoin('students', 'students.id', 'study_sessions.student_id')
        .select([
          'study_sessions.id',
          'study_sessions.student_id',
          'study_sessions.deck_id',
          'study_sessions.cards_studied',
          'study_sessions.cards_mastered',
          'study_sessions.cards_not_mastered',
          'study_sessions.accuracy_percentage',
          'study_sessions.study_duration_seconds',
          'study_sessions.created_at',
        ])
        .where('students.user_id', '=', userId)
        .orderBy('study_sessions.id')
        .execute();
    },

    cardResults(userId: number) {
      return db
        .selectFrom('card_results')
        .innerJoin('students', 'students.id', 'card_results.student_id')
        .select([
          'card_results.id',
          'card_results.student_id',
          'card_results.deck_id',
          'card_results.card_id',
          'card_results.is_correct',
          'card_results.created_at',
        ])
        .where('students.user_id', '=', userId)
        .orderBy('card_results.id')
        .execute();
    },

    bugs(userId: number) {
      return db
        .selectFrom('bugs')
        .select(['id', 'title', 'description', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The user's votes; the voted bugs may be other people's, so only their id is given. */
    bugVotes(userId: number) {
      return db
        .selectFrom('bug_votes')
        .select(['bug_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('bug_id')
        .execute();
    },
  };
}
export type ExportRepository = ReturnType<typeof exportRepository>;
