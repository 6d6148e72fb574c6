import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database';
import { initialMigration } from '../db/migrations/0001-initial';
import { progressTotalsMigration } from '../db/migrations/0002-progress-totals';
import { memoryMigration } from '../db/migrations/0003-memory';
import { rateLimitsMigration } from '../db/migrations/0004-rate-limits';
import { audioMigration } from '../db/migrations/0005-audio';
import { reviewLogIndexMigration } from '../db/migrations/0006-review-log-index';
import { familiesMigration } from '../db/migrations/0007-families';
import { childModeMigration } from '../db/migrations/0008-child-mode';
import { deckSharesMigration } from '../db/migrations/0009-deck-shares';
import { classActivityIndexMigration } from '../db/migrations/0010-class-activity-index';
import { createTestSchema, testDialect, whileNoSchemaIsDropped } from './test-database';

/**
 * The database made by the previous release (fixtures/previous-release/README.md), for the tests
 * of the migrations that upgrade it: a copy of the SQLite file, or on PostgreSQL its very rows in
 * a fresh schema that the previous release's own migrations made.
 */

const FIXTURE = path.join(__dirname, 'fixtures/previous-release/previous-release.db');

export type Row = Record<string, unknown>;

let opened: SQLite.Database | undefined;
const fixture = () => (opened ??= new SQLite(FIXTURE, { readonly: true }));

/** The fixture's tables (those of the app, not SQLite's or the migrator's). */
export function fixtureTables(): string[] {
  return (
    fixture()
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/** Every row of a table of the fixture, in the order they were written. */
export const fixtureRows = (table: string): Row[] =>
  fixture().prepare(`select * from "${table}" order by rowid`).all() as Row[];

/** The previous release's own migrations (0001–0010), as they ran on its installations. */
export function previousReleaseMigrator(d: Db): Migrator {
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

/** The fixture's tables in an order where every row's parents come first. */
export function parentsFirst(): string[] {
  const tables = fixtureTables();
  const parents = new Map(
    tables.map((t) => [
      t,
      (fixture().prepare(`select "table" from pragma_foreign_key_list(?)`).all(t) as { table: string }[])
        .map((r) => r.table)
        .filter((p) => p !== t),
    ]),
  );
  const done: string[] = [];
  while (done.length < tables.length)
    for (const t of tables) if (!done.includes(t) && parents.get(t)!.every((p) => done.includes(p))) done.push(t);
  return done;
}

/** Where a previous release's database is: `dir` (holding `test.db` on SQLite) and, on PostgreSQL, its schema. */
export interface PreviousDatabase {
  dir: string;
  schema?: string;
  /** Opens it with the app's own code (to migrate it, or start an app on it). */
  open(): Db;
  /** Drops it and its directory; close what was opened on it first. */
  dispose(): Promise<void>;
}

/** The previous release's database on this run's dialect (`prefix` names its directory and schema). */
export async function previousDatabase(prefix: string): Promise<PreviousDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `flashcards-${prefix}-`));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (testDialect === 'sqlite') {
    fs.copyFileSync(FIXTURE, path.join(dir, 'test.db'));
    return {
      dir,
      open: () => openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') }),
      dispose: async () => removeDir(),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const { schema, drop } = await createTestSchema(prefix);
  const where: PreviousDatabase = {
    dir,
    schema,
    open: () => openDatabase({ kind: 'postgres', url }, { schema }),
    dispose: async () => {
      await drop();
      removeDir();
    },
  };
  try {
    const d = where.open();
    try {
      const { error } = await whileNoSchemaIsDropped(d, () => previousReleaseMigrator(d).migrateToLatest());
      if (error) throw error;
    } finally {
      await d.close();
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`set search_path = ${schema}`);
      await loadFixtureRows(admin);
    } finally {
      await admin.end();
    }
  } catch (err) {
    await where.dispose();
    throw err;
  }
  return where;
}

/** The fixture's rows into a PostgreSQL schema at migration 0010, parents first, each id sequence advanced past them. */
async function loadFixtureRows(admin: pg.Client): Promise<void> {
  for (const table of parentsFirst()) {
    for (const row of fixtureRows(table)) {
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
}

/** Plain SQL on a previous release's database through the dialect's own client, `?` marking each value. */
export interface RawClient {
  query<T = Row>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function rawClient(where: PreviousDatabase): Promise<RawClient> {
  if (!where.schema) {
    const raw = new SQLite(path.join(where.dir, 'test.db'));
    return {
      async query<T>(text: string, values: unknown[] = []) {
        const statement = raw.prepare(text);
        if (statement.reader) return statement.all(...values) as T[];
        statement.run(...values);
        return [];
      },
      close: async () => void raw.close(),
    };
  }
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL!,
    options: `-c search_path=${where.schema}`,
  });
  await client.connect();
  return {
    async query<T>(text: string, values: unknown[] = []) {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          values,
        )
      ).rows as T[];
    },
    close: () => client.end(),
  };
}
