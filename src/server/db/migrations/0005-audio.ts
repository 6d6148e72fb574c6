import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Recorded audio on cards (issue 15): each user's recordings, stored once per content hash like
 * pictures, and a recording per card side.
 */
export function audioMigration(dialect: Dialect) {
  const required = (c: ColumnDefinitionBuilder) => c.notNull();
  return {
    async up(db: Kysely<unknown>) {
      await (
        dialect === 'postgres'
          ? db.schema.createTable('audio').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('audio').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', required)
        .addColumn('content_type', 'text', required)
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', required)
        .addColumn('byte_size', 'integer', required)
        .addColumn('duration_ms', 'integer', required)
        .addColumn('created_at', 'text', required)
        .addUniqueConstraint('audio_user_key', ['user_id', 'key'])
        .execute();
      // One column per statement: SQLite adds one at a time.
      await db.schema.alterTable('cards').addColumn('en_audio_key', 'text').execute();
      await db.schema.alterTable('cards').addColumn('es_audio_key', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('cards').dropColumn('es_audio_key').execute();
      await db.schema.alterTable('cards').dropColumn('en_audio_key').execute();
      await db.schema.dropTable('audio').execute();
    },
  };
}
