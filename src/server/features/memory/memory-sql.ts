import { CARD_FIELD_NAMES, type CardContentValues } from '@shared/card-fields';
import { PostgresAdapter, sql, type Compilable, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database, DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

/**
 * What the memory repositories share: the columns they read and the scope of a query on a
 * student's memory. "The student's decks" are those the home screen lists for them
 * (decks.repository.ts: the user's decks whose student_id is the student or none), archived ones
 * left out; one deck is any the student may study (the service checks it).
 */

/** The student's memory of a card as stored (every column null while the card is new). */
export interface MemoryColumns {
  state: string | null;
  due: string | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  last_review: string | null;
}

/** A student's learning settings (memory.repository.ts, review-queue.repository.ts). */
export interface LearningSettingsRow {
  desired_retention: number;
  new_per_day: number;
  max_reviews_per_day: number;
  grading: string;
}

/** A card of the review queue with its deck's title. */
export type QueueCard = { id: number; deck_id: number; deck_title: string } & CardContentValues;

export type QueueCardRow = QueueCard & MemoryColumns;

export const memoryColumns = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'last_review',
] as const;

/** A card's memory row as the reads give it: its card, its deck and its memory. */
export const memoryStateColumns = [
  'memory_states.card_id',
  'memory_states.deck_id',
  ...memoryColumns.map((c) => `memory_states.${c}` as const),
] as const;

/**
 * A whole memory row as every database stores it, for reading rows back whole: PostgreSQL adds
 * columns it computes (last_review_ms and due_ms, migration 0022) that `select *` would bring along.
 */
export const memoryRowColumns = ['memory_states.student_id', ...memoryStateColumns] as const;

export const cardColumns = [
  'cards.id',
  'cards.deck_id',
  ...CARD_FIELD_NAMES.map((f) => `cards.${f}` as const),
] as const;
/** A card's columns but its deck: a card of a shared deck is in the deck that follows it (issue 23). */
export const cardContentColumns = ['cards.id', ...CARD_FIELD_NAMES.map((f) => `cards.${f}` as const)] as const;

export const LEARNING_STATES = ['learning', 'relearning'];

/**
 * Which cards: one deck, or all the student's decks. A deck may move to another student (or to
 * every student) and back, and the memory stays with the cards: so "all the student's decks" is
 * read as the student's memory in the decks the student now has, a set the database builds once
 * per query.
 */
export type Scope = { deckId: number } | { familyId: FamilyId };

export type InScope = (eb: ExpressionBuilder<Database, 'memory_states'>) => Expression<SqlBool>;

/** The scope of all the user's student's decks (see Scope). */
export const studentScope = (familyId: FamilyId): Scope => ({ familyId });

/**
 * The ids of the decks the home screen lists for the user's student (decks.repository.ts): their
 * own and every student's, archived ones left out unless asked. Two index ranges, (user, student)
 * and (user, no student), rather than one OR, which would read every deck of the user.
 */
export function decksOfStudent(db: DbHandle, familyId: FamilyId, studentId: number, withArchived = false) {
  const of = (student: 'own' | 'shared') => {
    const q = db
      .selectFrom('decks')
      .select('decks.id')
      .where('decks.family_id', '=', familyId)
      .where('decks.student_id', student === 'own' ? '=' : 'is', student === 'own' ? studentId : null);
    return withArchived ? q : q.where('decks.is_archived', '=', 0);
  };
  return of('own').unionAll(of('shared'));
}

/** A query on the student's memory, in either scope, each compiled once (src/server/db/precompiled.ts). */
export function scoped<A extends unknown[], R>(
  build: (db: DbHandle, studentId: number, inScope: InScope, ...args: A) => Compilable<R>,
) {
  const inDeck = precompiled((db, studentId: number, deckId: number, ...args: A) =>
    build(db, studentId, (eb) => eb('memory_states.deck_id', '=', deckId), ...args),
  );
  const inStudentDecks = precompiled((db, studentId: number, familyId: FamilyId, ...args: A) =>
    build(
      db,
      studentId,
      // Each row's deck checked by its key: cheaper than building the list of the student's decks
      // (hundreds) for a query that stops after a few rows, and for one that reads them all.
      // On PostgreSQL, `or false` keeps the check from becoming a join with the decks: as a join,
      // its generic plan read every due card of the student and sorted them for the first 20 (564
      // buffers for a child with 454 due); as a check it hashes the deck ids once and reads the
      // (student, state, due) index in order until the limit (73 buffers). SQLite's SQL is unchanged.
      (eb) => {
        const check = eb.exists(
          eb
            .selectFrom('decks')
            .select('decks.id')
            .whereRef('decks.id', '=', 'memory_states.deck_id')
            .where('decks.family_id', '=', familyId)
            .where((d) => d.or([d('decks.student_id', '=', studentId), d('decks.student_id', 'is', null)]))
            .where('decks.is_archived', '=', 0),
        );
        return db.getExecutor().adapter instanceof PostgresAdapter ? eb.or([check, sql<SqlBool>`false`]) : check;
      },
      ...args,
    ),
  );
  return (db: DbHandle, scope: Scope, studentId: number, ...args: A): Promise<R[]> =>
    'deckId' in scope
      ? inDeck(db, studentId, scope.deckId, ...args)
      : inStudentDecks(db, studentId, scope.familyId, ...args);
}

// Rows to and from the flat value lists of compiledPerLength (db/precompiled.ts).
export { rowsOf, valuesOf } from '../../db/precompiled';
