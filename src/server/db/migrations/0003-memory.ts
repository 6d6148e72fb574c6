import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import {
  DEFAULT_GRADING_MODE,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_RETENTION,
  DEFAULT_REVIEWS_PER_DAY,
  type ReviewRating,
} from '@shared/constants';
import { quarterHour } from '@shared/local-day';
import { isRecalled, schedulerFor, type Review } from '@shared/srs';
import type { Dialect } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Spaced repetition (issue 13): the review log (append-only, the source of truth), each student's
 * FSRS memory per card, what speeds up the review queue and the progress statistics, and the
 * learning settings on students. Existing card results are replayed into it (replayCardResults).
 */
export function memoryMigration(dialect: Dialect) {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const fk = (table: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(`${table}.id`).onDelete('cascade');
  const required = (c: ColumnDefinitionBuilder) => c.notNull();
  const realType = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds one at a time.
      const addToStudents = (name: string, type: 'integer' | 'text' | typeof realType, value: number | string) =>
        db.schema
          .alterTable('students')
          .addColumn(name, type, (c) => c.notNull().defaultTo(value))
          .execute();
      await addToStudents('desired_retention', realType, DEFAULT_RETENTION);
      await addToStudents('new_per_day', 'integer', DEFAULT_NEW_PER_DAY);
      await addToStudents('max_reviews_per_day', 'integer', DEFAULT_REVIEWS_PER_DAY);
      await addToStudents('grading', 'text', DEFAULT_GRADING_MODE);
      await addToStudents('auto_read', 'integer', 0);

      await id(db.schema.createTable('review_logs'))
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('card_id', 'integer', fk('cards'))
        .addColumn('rating', 'text', required)
        .addColumn('reviewed_at', 'text', required)
        .addColumn('duration_ms', 'integer')
        .addColumn('created_at', 'text', required)
        .execute();
      // A card's log in the order it is replayed; "was this card answered before today?".
      await db.schema
        .createIndex('review_logs_student_card')
        .on('review_logs')
        .columns(['student_id', 'card_id', 'reviewed_at'])
        .execute();
      // Today's answers (daily limits).
      await db.schema
        .createIndex('review_logs_student_time')
        .on('review_logs')
        .columns(['student_id', 'reviewed_at'])
        .execute();
      // Foreign-key cascades look rows up by the referencing column.
      await db.schema.createIndex('review_logs_card').on('review_logs').column('card_id').execute();

      await db.schema
        .createTable('memory_states')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('card_id', 'integer', fk('cards'))
        // The card's deck, copied (cards never move; the row goes with its card).
        .addColumn('deck_id', 'integer', required)
        .addColumn('state', 'text', required)
        .addColumn('due', 'text', required)
        .addColumn('stability', realType, required)
        .addColumn('difficulty', realType, required)
        .addColumn('elapsed_days', 'integer', required)
        .addColumn('scheduled_days', 'integer', required)
        .addColumn('learning_steps', 'integer', required)
        .addColumn('reps', 'integer', required)
        .addColumn('lapses', 'integer', required)
        .addColumn('last_review', 'text', required)
        .addPrimaryKeyConstraint('memory_states_pk', ['student_id', 'card_id'])
        .execute();
      await db.schema.createIndex('memory_states_card').on('memory_states').column('card_id').execute();
      // The queue across all decks: due reviews and learning cards, each read in due order up to a limit.
      await db.schema
        .createIndex('memory_states_queue')
        .on('memory_states')
        .columns(['student_id', 'state', 'due'])
        .execute();
      // One deck's queue and the due count of every deck.
      await db.schema
        .createIndex('memory_states_deck')
        .on('memory_states')
        .columns(['student_id', 'deck_id', 'due', 'state'])
        .execute();

      // New cards are read per deck in card order from a cursor on: SQLite's index on deck_id
      // holds the card id already, PostgreSQL's needs it.
      if (dialect === 'postgres') {
        await db.schema.createIndex('cards_deck_id').on('cards').columns(['deck_id', 'id']).execute();
      }

      await db.schema
        .createTable('new_card_cursors')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('seen_through', 'integer', required)
        .addPrimaryKeyConstraint('new_card_cursors_pk', ['student_id', 'deck_id'])
        .execute();
      await db.schema.createIndex('new_card_cursors_deck').on('new_card_cursors').column('deck_id').execute();

      await db.schema
        .createTable('review_activity')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('slot', 'text', required)
        .addColumn('reviews', 'integer', required)
        .addColumn('correct', 'integer', required)
        .addPrimaryKeyConstraint('review_activity_pk', ['student_id', 'slot', 'deck_id'])
        .execute();
      await db.schema.createIndex('review_activity_deck').on('review_activity').column('deck_id').execute();

      await db.schema
        .createTable('streak_days')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('day', 'text', required)
        .addPrimaryKeyConstraint('streak_days_pk', ['student_id', 'day'])
        .execute();

      await replayCardResults(db);
    },
  };
}

const CARDS_PER_BATCH = 500;
const ROWS_PER_INSERT = 200;

/**
 * Upgrading keeps history: every card result becomes a review (true → good, false → again) at the
 * time it was saved, and each student's cards are replayed through src/shared/srs.ts in time
 * order, a batch of cards at a time. Run on an empty review_logs.
 */
export async function replayCardResults(kysely: Kysely<unknown>): Promise<void> {
  const db = kysely as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tables of this migration's time
  await sql`
    insert into review_logs (student_id, card_id, rating, reviewed_at, duration_ms, created_at)
    select student_id, card_id, case when is_correct <> 0 then 'good' else 'again' end, created_at, null, created_at
    from card_results order by created_at, id`.execute(db);

  // Every student's settings are the defaults here (the columns were just added).
  const scheduler = schedulerFor({ desired_retention: DEFAULT_RETENTION });
  const students = await db.selectFrom('review_logs').select('student_id').distinct().orderBy('student_id').execute();
  for (const { student_id: studentId } of students as { student_id: number }[]) {
    const activity = new Map<string, { deck_id: number; slot: string; reviews: number; correct: number }>();
    let lastCard = 0;
    for (;;) {
      const cards = (await db
        .selectFrom('review_logs')
        .select('card_id')
        .distinct()
        .where('student_id', '=', studentId)
        .where('card_id', '>', lastCard)
        .orderBy('card_id')
        .limit(CARDS_PER_BATCH)
        .execute()) as { card_id: number }[];
      if (cards.length === 0) break;
      lastCard = cards.at(-1)!.card_id;
      const rows = (await db
        .selectFrom('review_logs as r')
        .innerJoin('cards as c', 'c.id', 'r.card_id')
        .select(['r.card_id', 'c.deck_id', 'r.rating', 'r.reviewed_at'])
        .where('r.student_id', '=', studentId)
        .where(
          'r.card_id',
          'in',
          cards.map((c) => c.card_id),
        )
        .orderBy('r.card_id')
        .orderBy('r.reviewed_at')
        .orderBy('r.id')
        .execute()) as { card_id: number; deck_id: number; rating: ReviewRating; reviewed_at: string }[];

      const logs = new Map<number, { deck_id: number; log: Review[] }>();
      for (const r of rows) {
        const entry = logs.get(r.card_id) ?? { deck_id: r.deck_id, log: [] };
        entry.log.push({ rating: r.rating, reviewed_at: r.reviewed_at });
        logs.set(r.card_id, entry);
        const slot = quarterHour(Date.parse(r.reviewed_at));
        const key = `${r.deck_id} ${slot}`;
        const a = activity.get(key) ?? { deck_id: r.deck_id, slot, reviews: 0, correct: 0 };
        a.reviews += 1;
        a.correct += isRecalled(r.rating) ? 1 : 0;
        activity.set(key, a);
      }
      const states = [...logs].map(([cardId, { deck_id, log }]) => ({
        student_id: studentId,
        card_id: cardId,
        deck_id,
        ...scheduler.replay(cardId, log)!,
      }));
      for (let i = 0; i < states.length; i += ROWS_PER_INSERT) {
        await db
          .insertInto('memory_states')
          .values(states.slice(i, i + ROWS_PER_INSERT))
          .execute();
      }
    }
    const totals = [...activity.values()].map((a) => ({ student_id: studentId, ...a }));
    for (let i = 0; i < totals.length; i += ROWS_PER_INSERT) {
      await db
        .insertInto('review_activity')
        .values(totals.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
  }

  // Each deck's cursor: just below its first card without a memory row (or its last card).
  await sql`
    insert into new_card_cursors (student_id, deck_id, seen_through)
    select p.student_id, p.deck_id, coalesce(
      (select min(c.id) from cards c where c.deck_id = p.deck_id
         and not exists (select 1 from memory_states m where m.student_id = p.student_id and m.card_id = c.id)) - 1,
      (select max(c.id) from cards c where c.deck_id = p.deck_id))
    from (select distinct student_id, deck_id from memory_states) p`.execute(db);
}
