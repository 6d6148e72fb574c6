import type { Kysely } from 'kysely';

/**
 * One index of the review log by card where there were two: (card, student, time) serves a card's
 * log, "was this card answered before today?" and the foreign-key cascade when a card is deleted,
 * which (student, card, time) and (card) served apart. Every answer is one index entry fewer to
 * write, on a page of its own card's entries (bench/README.md).
 */
export function reviewLogIndexMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('review_logs_card_student')
        .on('review_logs')
        .columns(['card_id', 'student_id', 'reviewed_at'])
        .execute();
      await db.schema.dropIndex('review_logs_student_card').execute();
      await db.schema.dropIndex('review_logs_card').execute();
    },
  };
}
