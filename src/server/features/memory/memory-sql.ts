import type { Compilable, Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database, DbHandle } from '../../db/schema';

/**
 * What the memory repositories share: the columns they read and the scope of a query on a
 * student's memory. "The student's decks" are those the home screen lists for them
 * (decks.repository.ts: the user's decks whose student_id is the student), archived ones left out;
 * one deck is any the student may study (the service checks it).
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

/** A card of the review queue with its deck's title. */
export interface QueueCard {
  id: number;
  deck_id: number;
  en: string;
  es: string;
  en_pronunciation: string | null;
  es_pronunciation: string | null;
  front_image_key: string | null;
  back_image_key: string | null;
  en_audio_key: string | null;
  es_audio_key: string | null;
  deck_title: string;
}

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

export const cardColumns = [
  'cards.id',
  'cards.deck_id',
  'cards.en',
  'cards.es',
  'cards.en_pronunciation',
  'cards.es_pronunciation',
  'cards.front_image_key',
  'cards.back_image_key',
  'cards.en_audio_key',
  'cards.es_audio_key',
] as const;

export const LEARNING_STATES = ['learning', 'relearning'];

/**
 * Which cards: one deck, or all the student's decks. Memory rows exist only in decks the student
 * may study (their own and the user's shared decks), and decks never change hands; so "the
 * student's decks, archived ones left out" is the student's memory less the rows in
 * `excludedDecks` (the user's shared decks and the student's archived ones): usually none, and
 * then no row needs checking against its deck.
 */
export type Scope = { deckId: number } | { userId: number; excludedDecks: number[] };

export type InScope = (eb: ExpressionBuilder<Database, 'memory_states'>) => Expression<SqlBool>;

/**
 * A query on the student's memory, in any scope, compiled once per shape (src/server/db/precompiled.ts):
 * for one deck, and for all decks per number of decks left out (the list's length changes the SQL).
 */
export function scoped<A extends unknown[], R>(
  build: (db: DbHandle, studentId: number, inScope: InScope, ...args: A) => Compilable<R>,
) {
  const inDeck = precompiled((db, studentId: number, deckId: number, ...args: A) =>
    build(db, studentId, (eb) => eb('memory_states.deck_id', '=', deckId), ...args),
  );
  const leavingOut = new Map<number, (db: DbHandle, studentId: number, ...rest: unknown[]) => Promise<R[]>>();
  const forExcluded = (n: number) => {
    let run = leavingOut.get(n);
    if (!run) {
      run = precompiled((db, studentId: number, ...rest: unknown[]) =>
        build(
          db,
          studentId,
          (eb) => (n === 0 ? eb.lit(true) : eb('memory_states.deck_id', 'not in', rest.slice(0, n) as number[])),
          ...(rest.slice(n) as A),
        ),
      );
      leavingOut.set(n, run);
    }
    return run;
  };
  return (db: DbHandle, scope: Scope, studentId: number, ...args: A): Promise<R[]> =>
    'deckId' in scope
      ? inDeck(db, studentId, scope.deckId, ...args)
      : forExcluded(scope.excludedDecks.length)(db, studentId, ...scope.excludedDecks, ...args);
}

/**
 * A statement over a list of values (rows to insert, ids to match) compiled once per list length,
 * then run with each call's values (src/server/db/precompiled.ts): building and compiling a
 * 20-row insert costs more CPU than storing it.
 */
export function compiledPerLength<R>(build: (db: DbHandle, ...values: unknown[]) => Compilable<R>) {
  const byLength = new Map<number, (db: DbHandle, ...values: unknown[]) => Promise<R[]>>();
  return (db: DbHandle, values: unknown[]): Promise<R[]> => {
    let run = byLength.get(values.length);
    if (!run) {
      run = precompiled(build);
      byLength.set(values.length, run);
    }
    return run(db, ...values);
  };
}

/** `values` (as compiledPerLength passes them) back into rows of `columns`. */
export function rowsOf<C extends string>(values: unknown[], columns: readonly C[]): Record<C, unknown>[] {
  const rows: Record<C, unknown>[] = [];
  for (let i = 0; i < values.length; i += columns.length) {
    rows.push(Object.fromEntries(columns.map((c, j) => [c, values[i + j]])) as Record<C, unknown>);
  }
  return rows;
}

/** The values of `rows` in the order of `columns`, one row after the other. */
export const valuesOf = <C extends string>(rows: readonly Record<C, unknown>[], columns: readonly C[]): unknown[] =>
  rows.flatMap((row) => columns.map((c) => row[c]));
