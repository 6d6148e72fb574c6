import type { Kysely } from 'kysely';

/**
 * Rate-limit counters in the database, so that several app instances on one PostgreSQL share them
 * (N instances must not allow N times the attempts). SQLite's single process uses the same table.
 */
export function rateLimitsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        // Milliseconds since the epoch: compared and computed in SQL on both databases.
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_window_end').on('rate_limits').column('window_end').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
