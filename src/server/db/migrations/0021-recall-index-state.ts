import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Progress counted the cards a student has learnt (in review) with a pass of its own over every
 * card they know, beside the pass of the mean predicted recall over the same cards (0018's
 * index). On PostgreSQL the recall index now holds each card's state as well, so one read of it
 * answers both (bench/README.md, issue 27): the index is built again with `state` included.
 * SQLite answers both from its tables as before.
 */
export function recallIndexStateMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop index memory_states_recall`.execute(db);
      await sql`
        create index memory_states_recall on memory_states
        (student_id, deck_id, stability, iso_epoch_ms(last_review)) include (last_review, state)`.execute(db);
      await sql`analyze memory_states`.execute(db);
    },
  };
}
