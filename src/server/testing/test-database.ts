import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database';

/**
 * Test databases: a SQLite file in a temporary directory, or a schema of its own in
 * TEST_DATABASE_URL (TEST_DB=postgres). Several test files run at once, each making and dropping
 * schemas in the same PostgreSQL database.
 *
 * Kysely's migrator lists the tables of every schema of the database (its introspector calls
 * `has_schema_privilege(name)` and `pg_get_serial_sequence(name)` for each), and a schema that
 * another test file drops at that moment makes the listing fail with `schema "…" does not exist`.
 * So migrations run under a shared advisory lock and drops under the exclusive one: a drop waits
 * for the migrations under way, and no migration starts while a schema is being dropped.
 */
const SCHEMA_LOCK = 0x7e57_5c4e;

export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: testDatabaseUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Runs a migration of `db` (any migrator) so that no test schema is dropped meanwhile. */
export async function whileNoSchemaIsDropped<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return run();
  return withAdmin(async (c) => {
    await c.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK]);
    try {
      return await run();
    } finally {
      await c.query('select pg_advisory_unlock_shared($1)', [SCHEMA_LOCK]);
    }
  });
}

/** Makes a new schema `prefix_…` in TEST_DATABASE_URL and says how to drop it. */
export async function createTestSchema(prefix: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create schema ${schema}`));
  const drop = () =>
    withAdmin(async (c) => {
      await c.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await c.query(`drop schema ${schema} cascade`);
      } finally {
        await c.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
    });
  return { schema, drop };
}

/**
 * A fresh, empty database on this run's dialect, in a new temporary directory (`dir`, also the
 * data directory of an app on it). `dispose` drops it and the directory; close the database first.
 */
export async function freshTestDatabase(
  prefix: string,
): Promise<{ db: Db; dir: string; dispose: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `flashcards-${prefix}-`));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (testDialect === 'sqlite') {
    return {
      db: openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') }),
      dir,
      dispose: async () => removeDir(),
    };
  }
  const { schema, drop } = await createTestSchema(prefix);
  return {
    db: openDatabase({ kind: 'postgres', url: testDatabaseUrl() }, { schema }),
    dir,
    dispose: async () => {
      await drop();
      removeDir();
    },
  };
}
