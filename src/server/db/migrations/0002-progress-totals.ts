import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Running totals per student and deck (sessions) and per student and card (answers), kept by the
 * saves in the same transaction, so that the progress screen reads a few rows per deck and card
 * instead of aggregating every result: with 100,000 results it took 40 ms and grew with the history
 * (bench/README.md). The result tables stay the record; these rows go with them (cascades, resets).
 */
export function progressTotalsMigration() {
  const fk = (table: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(`${table}.id`).onDelete('cascade');
  const required = (c: ColumnDefinitionBuilder) => c.notNull();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('study_totals')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('sessions', 'integer', required)
        .addColumn('cards_studied', 'integer', required)
        .addColumn('cards_mastered', 'integer', required)
        .addColumn('study_seconds', 'integer', required)
        .addColumn('last_studied', 'text', required)
        .addPrimaryKeyConstraint('study_totals_pk', ['student_id', 'deck_id'])
        .execute();
      // Foreign-key cascades look rows up by the referencing column.
      await db.schema.createIndex('study_totals_deck').on('study_totals').column('deck_id').execute();
      // The progress screen's order (most recently studied first): read in order, no sorting.
      await sql`create index study_totals_recent on study_totals (student_id, last_studied desc, deck_id desc)`.execute(
        db,
      );

      await db.schema
        .createTable('card_totals')
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('card_id', 'integer', fk('cards'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('attempts', 'integer', required)
        .addColumn('correct', 'integer', required)
        .addPrimaryKeyConstraint('card_totals_pk', ['student_id', 'card_id'])
        .execute();
      await db.schema.createIndex('card_totals_card').on('card_totals').column('card_id').execute();
      await db.schema.createIndex('card_totals_deck').on('card_totals').column('deck_id').execute();
      // "Cards needing attention" in the screen's order (worst first, then most attempts): the worst
      // come first in the index, so the 20 are read without going through every studied card. The
      // expression is the one progress.repository.ts orders by, character for character.
      await sql`create index card_totals_worst on card_totals (student_id, (correct * 1.0 / attempts), attempts desc, card_id)`.execute(
        db,
      );

      // Databases created before this migration: totals of the history already stored.
      await backfillProgressTotals(db);
    },
  };
}

/** Fills the totals from the stored sessions and results (the tables must be empty). */
export async function backfillProgressTotals(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into study_totals (student_id, deck_id, sessions, cards_studied, cards_mastered, study_seconds, last_studied)
    select student_id, deck_id, count(*), sum(cards_studied), sum(cards_mastered), sum(study_duration_seconds), max(created_at)
    from study_sessions group by student_id, deck_id`.execute(db);
  await sql`
    insert into card_totals (student_id, card_id, deck_id, attempts, correct)
    select student_id, card_id, min(deck_id), count(*), sum(is_correct)
    from card_results group by student_id, card_id`.execute(db);
}
