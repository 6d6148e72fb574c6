import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The answers per quarter hour are also kept per play mode (issue 25's `memory_statistics.modes`),
 * so that progress counts a month of answers per mode from a few hundred of these rows instead of
 * scanning the review log. The mode joins the primary key, and the covering index of the activity
 * reads (0010) holds it too. Neither database can change a primary key in place the same way, so
 * the table is made again and filled from the review log, which is what it counts: per student,
 * deck, UTC quarter hour ('YYYY-MM-DDTHH:MM', minutes 00/15/30/45) and mode. Every review_logs
 * writer stores reviewed_at as Date#toISOString gives it ('YYYY-MM-DDTHH:MM:SS.sssZ'), so the slot
 * is its first 14 characters and its minutes rounded down to a quarter.
 */
export function activityModesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('review_activity').execute();
      await db.schema
        .createTable('review_activity')
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        .addColumn('deck_id', 'integer', (c) => c.notNull().references('decks.id').onDelete('cascade'))
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('flip'))
        .addColumn('reviews', 'integer', (c) => c.notNull())
        .addColumn('correct', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('review_activity_pk', ['student_id', 'slot', 'deck_id', 'mode'])
        .execute();
      await db.schema.createIndex('review_activity_deck').on('review_activity').column('deck_id').execute();

      const minutes = sql`substr(r.reviewed_at, 15, 2)`;
      await sql`
        insert into review_activity (student_id, deck_id, slot, mode, reviews, correct)
        select r.student_id, c.deck_id,
          substr(r.reviewed_at, 1, 14) || case when ${minutes} < '15' then '00' when ${minutes} < '30' then '15'
            when ${minutes} < '45' then '30' else '45' end,
          r.mode, count(*), sum(case when r.rating = 'again' then 0 else 1 end)
        from review_logs r join cards c on c.id = r.card_id
        group by 1, 2, 3, 4`.execute(db);

      // After the rows: one build instead of an update per row. The activity reads (per slot, per
      // student, per mode) take all they need from it.
      await db.schema
        .createIndex('review_activity_student_slot_counts')
        .on('review_activity')
        .columns(['student_id', 'slot', 'mode', 'reviews', 'correct'])
        .execute();
      if (dialect === 'postgres') await sql`analyze review_activity`.execute(db);
    },
  };
}
