import type { Kysely } from 'kysely';

/**
 * Child mode (issue 17): one parent PIN per family (argon2id hash) and, on a session, the student
 * it is locked to. Deleting that student unlocks the session rather than deleting it.
 */
export function childModeMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('child_mode_pins')
        .addColumn('family_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('child_student_id', 'integer', (c) => c.references('students.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('child_student_id').execute();
      await db.schema.dropTable('child_mode_pins').execute();
    },
  };
}
