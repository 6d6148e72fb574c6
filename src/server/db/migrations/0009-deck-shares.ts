import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Decks shared by link (issue 17): the links, and on the copies that follow a shared deck the
 * original deck and card each copy mirrors. Copies outlive their original (SET NULL), so that
 * nobody who added a deck loses its cards.
 */
export function deckSharesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await (
        dialect === 'postgres'
          ? db.schema.createTable('deck_shares').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('deck_shares').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('deck_id', 'integer', (c) => c.notNull().references('decks.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        // The link outlives the person who made it (a parent leaving the family): it is the family's.
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('deck_shares_deck').on('deck_shares').column('deck_id').execute();
      // One column per statement: SQLite adds one at a time.
      await db.schema
        .alterTable('decks')
        .addColumn('shared_from_deck_id', 'integer', (c) => c.references('decks.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('cards')
        .addColumn('source_card_id', 'integer', (c) => c.references('cards.id').onDelete('set null'))
        .execute();
      // Every change to a shared card finds its copies by these (and the SET NULL cascades need them).
      await db.schema.createIndex('decks_shared_from').on('decks').column('shared_from_deck_id').execute();
      await db.schema.createIndex('cards_source_card').on('cards').column('source_card_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('cards_source_card').execute();
      await db.schema.dropIndex('decks_shared_from').execute();
      await db.schema.alterTable('cards').dropColumn('source_card_id').execute();
      await db.schema.alterTable('decks').dropColumn('shared_from_deck_id').execute();
      await db.schema.dropTable('deck_shares').execute();
    },
  };
}
