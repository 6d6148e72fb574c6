import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Progress read a student's cards twice on PostgreSQL: once for the forecast (due times, from
 * memory_states_deck) and once for the mean predicted recall and the learnt cards (the review time
 * as epoch milliseconds, from 0018's expression index). One read now answers all three, counting
 * the cards due before each of the forecast's 14 days in the same pass: compared as ISO text under
 * the database's collation, 14 comparisons a card cost more than the rest of the read, compared as
 * numbers they cost little. So each row holds its review time and, while it is in a state that
 * comes due, its due time as epoch milliseconds, columns PostgreSQL computes as the row is written
 * (`iso_epoch_ms`, migration 0018), kept with the stability in memory_states_deck. 0018's index is
 * dropped: one index fewer for every save to keep up. SQLite computes the same from its tables.
 * `select *` on memory_states brings these columns along (memoryRowColumns lists the stored ones).
 */
export function memoryReviewEpochMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        alter table memory_states
          add column last_review_ms double precision generated always as (iso_epoch_ms(last_review)) stored,
          add column due_ms double precision generated always as (
            case when state in ('learning', 'review', 'relearning') then iso_epoch_ms(due) end) stored`.execute(db);
      await sql`drop index memory_states_recall`.execute(db);
      await sql`drop index memory_states_deck`.execute(db);
      await sql`
        create index memory_states_deck on memory_states
        (student_id, deck_id, due, state) include (stability, last_review_ms, due_ms)`.execute(db);
      await sql`analyze memory_states`.execute(db);
    },
  };
}
