import type { Kysely } from 'kysely';

/**
 * "All students" sums a month of every student's answers per quarter hour: with the answer counts
 * in the index, that is read from the index alone (~28,000 entries for a class of 40), where the
 * primary key made it fetch each row from the table, ten times slower (bench/README.md).
 */
export function classActivityIndexMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('review_activity_student_slot_counts')
        .on('review_activity')
        .columns(['student_id', 'slot', 'reviews', 'correct'])
        .execute();
    },
  };
}
