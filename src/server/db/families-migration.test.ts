import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD } from '../testing/authorization-table';
import { createTestApp, sessionCookie, testDialect, type TestApp } from '../testing/harness';
import { createTestSchema, whileNoSchemaIsDropped } from '../testing/test-database';
import { migrate, openDatabase, type Db } from './database';
import { initialMigration } from './migrations/0001-initial';
import { progressTotalsMigration } from './migrations/0002-progress-totals';
import { memoryMigration } from './migrations/0003-memory';
import { rateLimitsMigration } from './migrations/0004-rate-limits';
import { audioMigration } from './migrations/0005-audio';
import { reviewLogIndexMigration } from './migrations/0006-review-log-index';
import { familiesMigration } from './migrations/0007-families';
import { childModeMigration } from './migrations/0008-child-mode';
import { deckSharesMigration } from './migrations/0009-deck-shares';
import { classActivityIndexMigration } from './migrations/0010-class-activity-index';

/**
 * Migration 0017 on a database made by the previous release (fixtures/previous-release/README.md):
 * a copy of it on SQLite, and its very rows in a PostgreSQL schema that the previous release's
 * migrations made. No row moves or is lost, every family keeps its number, and the people in it
 * see what they saw before.
 */

const FIXTURE = path.join(__dirname, '../testing/fixtures/previous-release/previous-release.db');
const fixture = new SQLite(FIXTURE, { readonly: true });
type Row = Record<string, unknown>;
const rowsOf = (table: string): Row[] => fixture.prepare(`select * from "${table}" order by rowid`).all() as Row[];
const tables = (
  fixture
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
    )
    .all() as {
    name: string;
  }[]
).map((r) => r.name);
const OWNED = ['students', 'decks', 'images', 'audio', 'idempotency_keys'];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The previous release's own migrations (0001–0010), as they ran on its installations. */
function previousRelease(d: Db) {
  return new Migrator({
    db: d.kysely,
    provider: {
      getMigrations: async () => ({
        '0001-initial': initialMigration(d.dialect),
        '0002-progress-totals': progressTotalsMigration(),
        '0003-memory': memoryMigration(d.dialect),
        '0004-rate-limits': rateLimitsMigration(),
        '0005-audio': audioMigration(d.dialect),
        '0006-review-log-index': reviewLogIndexMigration(),
        '0007-families': familiesMigration(d.dialect),
        '0008-child-mode': childModeMigration(),
        '0009-deck-shares': deckSharesMigration(d.dialect),
        '0010-class-activity-index': classActivityIndexMigration(),
      }),
    },
    ...(d.schema ? { migrationTableSchema: d.schema } : {}),
  });
}

/** Tables in an order where every row's parents come first. */
function parentsFirst(): string[] {
  const parents = new Map(
    tables.map((t) => [
      t,
      (fixture.prepare(`select "table" from pragma_foreign_key_list(?)`).all(t) as { table: string }[])
        .map((r) => r.table)
        .filter((p) => p !== t),
    ]),
  );
  const done: string[] = [];
  while (done.length < tables.length)
    for (const t of tables) if (!done.includes(t) && parents.get(t)!.every((p) => done.includes(p))) done.push(t);
  return done;
}

/** The previous release's database on this run's dialect: where it is, to open (and migrate) it. */
async function previousDatabase(): Promise<{ dir: string; schema?: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-families-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  if (testDialect === 'sqlite') {
    fs.copyFileSync(FIXTURE, path.join(dir, 'test.db'));
    return { dir };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const { schema, drop } = await createTestSchema('fam');
  cleanups.push(drop);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  cleanups.push(() => admin.end());
  const d = openDatabase({ kind: 'postgres', url }, { schema });
  const { error } = await whileNoSchemaIsDropped(d, () => previousRelease(d).migrateToLatest());
  if (error) throw error;
  await d.close();
  await admin.query(`set search_path = ${schema}`);
  for (const table of parentsFirst()) {
    for (const row of rowsOf(table)) {
      const columns = Object.keys(row);
      await admin.query(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      );
    }
    const serial = await admin.query(`select pg_get_serial_sequence($1, 'id') as s`, [table]).catch(() => null);
    if (serial?.rows[0]?.s)
      await admin.query(`select setval($1, coalesce((select max(id) from "${table}"), 0) + 1, false)`, [
        serial.rows[0].s,
      ]);
  }
  return { dir, schema };
}

async function upgraded(): Promise<TestApp> {
  const where = await previousDatabase();
  const t = await createTestApp({ sameDatabaseAs: { ...where, dialect: testDialect } });
  cleanups.push(() => t.close());
  return t;
}

const person = (name: string) => rowsOf('users').find((u) => u.name === name) as { id: number; email: string };

async function signIn(t: TestApp, name: string) {
  const { id, email } = person(name);
  const res = await t.request('POST', '/api/auth/local/login', { json: { email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return t.agent(sessionCookie(res.headers), { id, email, name });
}

describe('migration 0017 (families) on a database made by the previous release', () => {
  it('keeps every row, and every family its number', async () => {
    const t = await upgraded();
    const k = t.db.kysely;
    for (const table of tables) {
      const after = (await k
        .selectFrom(table as 'users')
        .selectAll()
        .execute()) as Row[];
      // Migration 0019 deletes the card copies of decks following a shared deck (they read the original's).
      const copies = rowsOf('cards').filter((c) => c.source_card_id !== null).length;
      const expected =
        table === 'family_members'
          ? rowsOf(table).length + 2
          : table === 'cards'
            ? rowsOf(table).length - copies
            : rowsOf(table).length;
      expect(after.length, table).toBe(expected);
    }
    // The family column holds what user_id held, row by row; nothing else changed.
    for (const table of OWNED) {
      const before = rowsOf(table).map(({ user_id, ...rest }) => ({ ...rest, family_id: user_id }));
      // Later migrations add columns with defaults; the columns the row had are what must be kept.
      const kept = Object.keys(before[0] ?? {});
      const after = (
        (await k
          .selectFrom(table as 'students')
          .selectAll()
          .execute()) as Row[]
      ).map((r) => Object.fromEntries(kept.map((c) => [c, r[c]])));
      const key = (r: Row) =>
        JSON.stringify(
          Object.keys(r)
            .sort()
            .map((c) => [c, Buffer.isBuffer(r[c]) ? (r[c] as Buffer).toString('hex') : r[c]]),
        );
      expect(after.map(key).sort(), table).toEqual(before.map(key).sort());
    }
    // Families 1 (Hana's), 3 (Rosa, removed), 4 (Sol's with Ines) and 5 (Tom's): one row each.
    const families = await k.selectFrom('families').select('id').orderBy('id').execute();
    expect(families.map((f) => f.id)).toEqual([
      person('Hana').id,
      person('Rosa').id,
      person('Sol').id,
      person('Tom').id,
    ]);
    const members = await k
      .selectFrom('family_members')
      .select(['user_id', 'family_id', 'role'])
      .orderBy('user_id')
      .execute();
    expect(members).toEqual([
      { user_id: person('Hana').id, family_id: person('Hana').id, role: 'holder' },
      { user_id: person('Mateo').id, family_id: person('Hana').id, role: 'member' },
      { user_id: person('Rosa').id, family_id: person('Rosa').id, role: 'holder' },
      { user_id: person('Sol').id, family_id: person('Sol').id, role: 'holder' },
      { user_id: person('Tom').id, family_id: person('Tom').id, role: 'holder' },
      { user_id: person('Ines').id, family_id: person('Sol').id, role: 'member' },
    ]);
    if (t.db.sqlite) expect(t.db.sqlite.pragma('foreign_key_check')).toEqual([]);
  });

  it('shows every person what they saw before, and new families count on from the last', async () => {
    const t = await upgraded();
    const mateo = await signIn(t, 'Mateo');
    const students = (await mateo.get('/api/students')).body as { id: number; name: string }[];
    expect(students.map((s) => s.name)).toEqual(['Kid HANA']);
    expect((await mateo.get(`/api/students/${students[0]!.id}/memory-states`)).status).toBe(200);
    const family = (await mateo.get('/api/family')).body;
    expect([family.holder, family.members.map((m: { name: string }) => m.name)]).toEqual([
      person('Hana').id,
      ['Hana', 'Mateo'],
    ]);
    const decks = (await mateo.get(`/api/decks?student_id=${students[0]!.id}`)).body as { creator_name: string }[];
    expect(decks.length).toBeGreaterThan(0);

    const rosa = await signIn(t, 'Rosa');
    expect((await rosa.get('/api/students')).body).toEqual([]);
    const tom = await signIn(t, 'Tom');
    expect(((await tom.get('/api/decks')).body as { title: string }[]).map((d) => d.title)).toEqual(['Shared deck']);
    const ines = await signIn(t, 'Ines');
    expect(((await ines.get('/api/students')).body as { name: string }[]).map((s) => s.name).sort()).toEqual([
      'Kid INES',
      'Kid SOL',
    ]);

    const newcomer = await t.user('newcomer');
    expect(newcomer.familyId).toBeGreaterThan(person('Tom').id);
    expect(newcomer.familyId).not.toBe(newcomer.id);
  });

  it('lets the holder go without moving the family, and takes a family away with its last member', async () => {
    const t = await upgraded();
    const k = t.db.kysely;
    const hana = await signIn(t, 'Hana');
    expect((await hana.del('/api/users/delete-account')).status).toBe(200);
    const mateo = await signIn(t, 'Mateo');
    expect((await mateo.get('/api/family')).body.holder).toBe(person('Mateo').id);
    expect(((await mateo.get('/api/students')).body as { name: string }[]).map((s) => s.name)).toEqual(['Kid HANA']);
    expect(await k.selectFrom('students').select('family_id').where('name', '=', 'Kid HANA').execute()).toEqual([
      { family_id: person('Hana').id },
    ]);

    const tom = await signIn(t, 'Tom');
    expect((await tom.del('/api/users/delete-account')).status).toBe(200);
    expect(await k.selectFrom('families').select('id').where('id', '=', person('Tom').id).execute()).toEqual([]);
    expect(await k.selectFrom('decks').select('id').where('family_id', '=', person('Tom').id).execute()).toEqual([]);
  });

  it('refuses a database it does not recognise, says why, and changes nothing of it', async () => {
    if (testDialect !== 'sqlite') return; // one such database is enough: the check is the same SQL
    const { dir } = await previousDatabase();
    const file = path.join(dir, 'test.db');
    const raw = new SQLite(file);
    raw.exec('alter table students rename column user_id to owner_id');
    raw.close();
    const d = openDatabase({ kind: 'sqlite', file });
    cleanups.push(() => d.close());
    await expect(migrate(d)).rejects.toThrow(
      /not one this release knows \(students has no user_id column\); nothing was changed/,
    );
    const after = d.sqlite!;
    expect(after.prepare("select count(*) as n from sqlite_master where name = 'families'").get()).toEqual({ n: 0 });
    expect(after.prepare('select count(*) as n from students').get()).toEqual({ n: rowsOf('students').length });
    expect(after.prepare('select count(*) as n from family_members').get()).toEqual({
      n: rowsOf('family_members').length,
    });
    expect(after.prepare("select count(*) as n from kysely_migration where name = '0017-families'").get()).toEqual({
      n: 0,
    });
  });
});
