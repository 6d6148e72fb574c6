import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { tableColumns } from './table-columns';

/**
 * Families become rows of their own (issue 23). Until now a family was named by its holder's user
 * id, written in the `user_id` column of its students, decks, pictures and recordings, and in
 * `family_id` columns that referenced users. Now:
 *
 * - `families` has one row per family. Every existing family keeps its number (its holder's user
 *   id, or the id already in a `user_id` column), so no row moves; new families count on from there.
 * - Every person has a `family_members` row (holder or member); until now a family of one had none.
 * - students, decks, images, audio and the keys of saves already applied have `family_id` (renamed from `user_id`), and they and the
 *   family's invites, PIN and Anki mappings reference `families`: a family's data goes when the
 *   family does, no longer when the person whose id named it deletes their account.
 *
 * It refuses a database it does not recognise (a table or column missing, a family column naming
 * nobody) and says why, before changing anything. On SQLite a column's foreign key can only change
 * by rebuilding its table, done in one transaction with foreign keys off (as SQLite documents),
 * then checked with `foreign_key_check`; PostgreSQL renames and swaps the constraints in place.
 */

/** The tables whose `user_id` names the family, and those whose `family_id` referenced users. */
const RENAMED = ['students', 'decks', 'images', 'audio', 'idempotency_keys'] as const;
const REPOINTED = ['family_members', 'family_invites', 'child_mode_pins', 'anki_mappings'] as const;

/** Index and constraint names that said "user" for the family. */
const INDEX_NAMES: Record<string, string> = {
  students_user: 'students_family',
  decks_user_created: 'decks_family_created',
  decks_user_student_original: 'decks_family_student_original',
  images_user_key: 'images_family_key',
  audio_user_key: 'audio_family_key',
};

export function familiesTableMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`pragma foreign_keys = off`.execute(db);
        try {
          await sql`begin immediate`.execute(db);
          try {
            await recognise(db, dialect);
            await createFamilies(db, dialect);
            for (const table of [...RENAMED, ...REPOINTED]) await rebuildSqlite(db, table);
            const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
            if (broken.rows.length > 0)
              throw new Error(
                `families: ${broken.rows.length} rows would reference nothing (${broken.rows[0]!.table})`,
              );
            await sql`commit`.execute(db);
          } catch (err) {
            await sql`rollback`.execute(db);
            throw err;
          }
        } finally {
          await sql`pragma foreign_keys = on`.execute(db);
        }
        return;
      }
      await recognise(db, dialect);
      await createFamilies(db, dialect);
      for (const table of RENAMED)
        await sql`alter table ${sql.table(table)} rename column user_id to family_id`.execute(db);
      for (const [from, to] of Object.entries(INDEX_NAMES)) {
        const isConstraint = from.endsWith('_key');
        if (isConstraint)
          await sql`alter table ${sql.table(from.split('_')[0]!)} rename constraint ${sql.id(from)} to ${sql.id(to)}`.execute(
            db,
          );
        else await sql`alter index ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
      }
      for (const table of [...RENAMED, ...REPOINTED]) {
        // The constraint that sent the family column to users, whatever PostgreSQL named it.
        const { rows } = await sql<{ conname: string }>`
          select c.conname from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.conrelid = ${table}::regclass and a.attname = 'family_id'
            and c.confrelid = 'users'::regclass`.execute(db);
        for (const r of rows)
          await sql`alter table ${sql.table(table)} drop constraint ${sql.id(r.conname)}`.execute(db);
        await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_family_fk`)}
          foreign key (family_id) references families (id) on delete cascade`.execute(db);
      }
    },
    async down() {
      throw new Error('families: going back would merge families into user ids; restore a backup instead');
    },
  };
}

/** Throws, naming what is off, unless this is the schema (and data) migration 0015 left. */
async function recognise(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const columns = (table: string) => tableColumns(db, dialect, table);
  for (const table of RENAMED) {
    const have = await columns(table);
    if (!have.includes('user_id') || have.includes('family_id'))
      throw new Error(
        `families: this database is not one this release knows (${table} has no user_id column); nothing was changed`,
      );
  }
  for (const table of [...REPOINTED, 'users']) {
    if ((await columns(table)).length === 0)
      throw new Error(`families: this database is not one this release knows (no ${table} table); nothing was changed`);
  }
  if ((await columns('families')).length > 0)
    throw new Error(
      'families: this database already has a families table it did not get from this release; nothing was changed',
    );
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from family_members m where not exists (select 1 from users u where u.id = m.family_id)`.execute(
    db,
  );
  if (Number(rows[0]!.n) > 0)
    throw new Error(
      `families: ${rows[0]!.n} memberships name a family whose holder does not exist; nothing was changed`,
    );
}

/** One family per family number in use, and a holder row for everyone who had no membership. */
async function createFamilies(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await (
    dialect === 'postgres'
      ? db.schema.createTable('families').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('families').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A family's number: its holder's membership, or the person themself when they had no row; and
  // any number already on data (a member's leftovers), so that no row is left without its family.
  await sql`
    insert into families (id, created_at)
    select u.id, u.created_at from users u
    where exists (select 1 from family_members m where m.family_id = u.id)
       or not exists (select 1 from family_members m where m.user_id = u.id)
       or exists (select 1 from students s where s.user_id = u.id)
       or exists (select 1 from decks d where d.user_id = u.id)
       or exists (select 1 from images i where i.user_id = u.id)
       or exists (select 1 from audio a where a.user_id = u.id)
       or exists (select 1 from idempotency_keys k where k.user_id = u.id)
    order by u.id`.execute(db);
  await sql`
    insert into family_members (user_id, family_id, role, joined_at)
    select u.id, u.id, 'holder', u.created_at from users u
    where not exists (select 1 from family_members m where m.user_id = u.id)`.execute(db);
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('families', 'id'), coalesce((select max(id) from families), 0) + 1, false)`.execute(
      db,
    );
}

/**
 * SQLite's way to change a column's foreign key: a new table from the old one's own definition
 * (user_id → family_id, users → families for the family column), rows copied with their ids, the
 * old one dropped and the new one renamed, its indexes made again and its id counter kept.
 */
async function rebuildSqlite(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((r) => r.type === 'table')!.sql!;
  const indexes = rows.filter((r) => r.type === 'index' && r.sql);
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map(
    (r) => r.name,
  );
  const renamed = columns.map((c) =>
    c === 'user_id' && (RENAMED as readonly string[]).includes(table) ? 'family_id' : c,
  );
  const rename = (text: string) => {
    let out = text;
    for (const [from, to] of Object.entries(INDEX_NAMES)) out = out.replaceAll(`"${from}"`, `"${to}"`);
    if ((RENAMED as readonly string[]).includes(table)) out = out.replaceAll('"user_id"', '"family_id"');
    return out;
  };
  const familyColumn = /"family_id" integer (not null )?(primary key )?references "users" \("id"\)/;
  const definition = rename(create).replace(familyColumn, (m) => m.replace('"users"', '"families"'));
  if (definition === rename(create)) throw new Error(`families: ${table}'s family column is not where it was expected`);
  const temp = `${table}__families`;
  await sql.raw(definition.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${temp}"`)).execute(db);
  const list = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
  await sql.raw(`insert into "${temp}" (${list(renamed)}) select ${list(columns)} from "${table}"`).execute(db);
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temp}" rename to "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(rename(index.sql!)).execute(db);
  if (counter.rows[0])
    await sql`update sqlite_sequence set seq = ${counter.rows[0].seq} where name = ${table}`.execute(db);
}
