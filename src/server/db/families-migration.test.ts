import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD } from '../testing/authorization-table';
import { createTestApp, sessionCookie, testDialect, type TestApp } from '../testing/harness';
import { fixtureRows as rowsOf, fixtureTables, previousDatabase, type Row } from '../testing/previous-release';
import { migrate, openDatabase } from './database';

/**
 * Migration 0017 on a database made by the previous release (testing/previous-release.ts):
 * a copy of it on SQLite, and its very rows in a PostgreSQL schema that the previous release's
 * migrations made. No row moves or is lost, every family keeps its number, and the people in it
 * see what they saw before.
 */

const tables = fixtureTables();
const OWNED = ['students', 'decks', 'images', 'audio', 'idempotency_keys'];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function upgraded(): Promise<TestApp> {
  const where = await previousDatabase('fam');
  cleanups.push(where.dispose);
  const t = await createTestApp({ sameDatabaseAs: { dir: where.dir, schema: where.schema, dialect: testDialect } });
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
    const { dir, dispose } = await previousDatabase('fam');
    cleanups.push(dispose);
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
