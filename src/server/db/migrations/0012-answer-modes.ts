import type { Kysely } from 'kysely';

/**
 * Play modes (issue 25): each answer in the review log says how it was given (flip cards for every
 * answer before), and each student whether they read yet (every existing student does).
 */
export function answerModesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('review_logs')
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('flip'))
        .execute();
      await db.schema
        .alterTable('students')
        .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('students').dropColumn('reads').execute();
      await db.schema.alterTable('review_logs').dropColumn('mode').execute();
    },
  };
}
