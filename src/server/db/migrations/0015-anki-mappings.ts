import type { Kysely } from 'kysely';

/**
 * The mapping a family last used for each Anki note type (issue 24), proposed again when a package
 * with the same note type (same name and fields) is imported later.
 */
export function ankiMappingsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('anki_mappings')
        .addColumn('family_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        /** SHA-256 (hex) of the note type's name and field names. */
        .addColumn('note_type', 'text', (c) => c.notNull())
        /** The field mapping as JSON (ankiFieldMappingSchema). */
        .addColumn('mapping', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('anki_mappings_pk', ['family_id', 'note_type'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('anki_mappings').execute();
    },
  };
}
