import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

type Table = CreateTableBuilder<string, never>;

/** The whole data model (SPEC §3), written once for SQLite and PostgreSQL. */
export function initialMigration(dialect: Dialect) {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  const fk = (table: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(`${table}.id`).onDelete('cascade');
  const realType = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('users'))
        .addColumn('email', 'text')
        .addColumn('email_normalized', 'text', (c) => c.unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('given_name', 'text')
        .addColumn('picture', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('identities'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('identities_user').on('identities').column('user_id').execute();

      await db.schema
        .createTable('password_credentials')
        .addColumn('user_id', 'integer', (c) => fk('users')(c).primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await id(db.schema.createTable('students'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('age', 'integer')
        .addColumn('native_language', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('students_user').on('students').column('user_id').execute();

      await id(db.schema.createTable('decks'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text')
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('is_imported', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('original_deck_id', 'text')
        .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('decks_user_created').on('decks').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('decks_student_created').on('decks').columns(['student_id', 'created_at']).execute();
      await db.schema
        .createIndex('decks_user_student_original')
        .on('decks')
        .columns(['user_id', 'student_id', 'original_deck_id'])
        .execute();

      await id(db.schema.createTable('cards'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('en', 'text', (c) => c.notNull())
        .addColumn('es', 'text', (c) => c.notNull())
        .addColumn('en_pronunciation', 'text')
        .addColumn('es_pronunciation', 'text')
        .addColumn('front_image_key', 'text')
        .addColumn('back_image_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cards_deck').on('cards').column('deck_id').execute();

      await id(db.schema.createTable('images'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('images_user_key', ['user_id', 'key'])
        .execute();

      await id(db.schema.createTable('study_sessions'))
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('cards_studied', 'integer', (c) => c.notNull())
        .addColumn('cards_mastered', 'integer', (c) => c.notNull())
        .addColumn('cards_not_mastered', 'integer', (c) => c.notNull())
        .addColumn('accuracy_percentage', realType, (c) => c.notNull())
        .addColumn('study_duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('study_sessions_student_deck')
        .on('study_sessions')
        .columns(['student_id', 'deck_id'])
        .execute();
      await db.schema.createIndex('study_sessions_deck').on('study_sessions').column('deck_id').execute();

      await id(db.schema.createTable('card_results'))
        .addColumn('student_id', 'integer', fk('students'))
        .addColumn('deck_id', 'integer', fk('decks'))
        .addColumn('card_id', 'integer', fk('cards'))
        .addColumn('is_correct', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('card_results_student_card')
        .on('card_results')
        .columns(['student_id', 'card_id', 'is_correct'])
        .execute();
      await db.schema
        .createIndex('card_results_student_deck')
        .on('card_results')
        .columns(['student_id', 'deck_id'])
        .execute();
      await db.schema.createIndex('card_results_card').on('card_results').column('card_id').execute();
      await db.schema.createIndex('card_results_deck').on('card_results').column('deck_id').execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
        .execute();

      await id(db.schema.createTable('bugs'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bugs_created').on('bugs').column('created_at').execute();
      await db.schema.createIndex('bugs_user').on('bugs').column('user_id').execute();

      await db.schema
        .createTable('bug_votes')
        .addColumn('bug_id', 'integer', fk('bugs'))
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bug_votes_pk', ['bug_id', 'user_id'])
        .execute();
      await db.schema.createIndex('bug_votes_user').on('bug_votes').column('user_id').execute();

      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
