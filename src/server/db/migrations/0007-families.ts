import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Families (issue 17): several adults share one family's students, decks, pictures, recordings and
 * progress. A family is named by its holder's user id, which the existing `user_id` columns of
 * those rows already hold, so every account is a family of one with nothing to move; a membership
 * row exists only for people who joined a family (or hold one that others joined).
 */
export function familiesMigration(dialect: Dialect) {
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('family_members')
        .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
        .addColumn('family_id', 'integer', user)
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('family_members_family').on('family_members').column('family_id').execute();

      await (
        dialect === 'postgres'
          ? db.schema.createTable('family_invites').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('family_invites').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('family_id', 'integer', user)
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'integer', user)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('family_invites_family').on('family_invites').column('family_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('family_invites').execute();
      await db.schema.dropTable('family_members').execute();
    },
  };
}
