import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Progress's mean predicted recall reads every card a student knows (tens of thousands at school
 * scale) and needs the whole days since each card's last review. On PostgreSQL, turning the stored
 * ISO text into a timestamp cost ~4 µs a row (4.5 ms of a 5,000-answer child's 6.8 ms of database
 * CPU per progress request, 11.6 ms at 100,000: bench/README.md). There it is now an index of its
 * own holding the student, deck, stability and the review time as epoch milliseconds, so the
 * statement reads the index alone and parses nothing. `iso_epoch_ms` reads the fixed format every
 * writer stores (Date#toISOString, 'YYYY-MM-DDTHH:MM:SS.sssZ') field by field, with immutable
 * functions only, as an index expression must. SQLite answers the same statement fast as it is.
 */
export function recallIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function iso_epoch_ms(t text) returns double precision
        language sql immutable strict parallel safe
        as $$ select extract(epoch from make_timestamp(substr(t, 1, 4)::int, substr(t, 6, 2)::int,
          substr(t, 9, 2)::int, substr(t, 12, 2)::int, substr(t, 15, 2)::int, substr(t, 18, 6)::float8)) * 1000 $$`.execute(
        db,
      );
      // last_review as well: PostgreSQL reads an expression from an index alone only when the
      // column it is made of is there too.
      await sql`
        create index memory_states_recall on memory_states
        (student_id, deck_id, stability, iso_epoch_ms(last_review)) include (last_review)`.execute(db);
      await sql`analyze memory_states`.execute(db);
    },
  };
}
