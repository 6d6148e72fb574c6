import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
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
import { ankiMappingsMigration } from './migrations/0015-anki-mappings';
import { studentSchedulesMigration } from './migrations/0013-student-schedules';
import { answerModesMigration } from './migrations/0012-answer-modes';
import { familiesTableMigration } from './migrations/0017-families';
import { activityModesMigration } from './migrations/0014-activity-modes';
import { recallIndexMigration } from './migrations/0018-recall-index';
import { sharedDecksInPlaceMigration } from './migrations/0019-shared-decks-in-place';
import { recallIndexStateMigration } from './migrations/0021-recall-index-state';
import { memoryReviewEpochMigration } from './migrations/0022-memory-review-epoch';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite handle (backups, integrity checks); null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  /** PostgreSQL schema other than the default (isolated test runs). */
  schema?: string;
  close(): Promise<void>;
}

// COUNT and SUM come back from PostgreSQL as int8/numeric strings; the API wants numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

// PostgreSQL plans an unnamed statement afresh on every run (a statement with many terms took
// ~6.7 ms to plan: bench/README.md). Queries with bound values run as named prepared statements
// instead, one name per SQL text: each connection parses and plans a text once and keeps its
// generic plan (plan_cache_mode, PLANNER_OPTIONS below). Texts beyond the bound run unnamed.
const PREPARED_NAMES_MAX = 2000;
const preparedNames = new Map<string, string>();
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
// random_page_cost: PostgreSQL's default (4) prices an index lookup as a read from a spinning
// disk. A family's reads join its few rows to tables shared by every family (the decks a deck
// follows, their holders), and at that price the planner read every deck of the database rather
// than look up the family's 20 (2,145 decks at the bench's school: the deck list 0.52 → 0.35 ms, its
// counts 0.49 → 0.32, progress's totals 0.43 → 0.18). 1.1 is the usual value for data in memory
// or on SSD, where a school's database lives.
const PLANNER_OPTIONS = '-c plan_cache_mode=force_generic_plan -c random_page_cost=1.1';

function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_NAMES_MAX && PREPARABLE.test(text)) {
    name = `q${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

class PreparingClient extends pg.Client {
  // Kysely calls query(text, values); that form (and only it) becomes a named statement.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
      const name = preparedName(text);
      if (name) return (super.query as unknown as (config: pg.QueryConfig) => never)({ name, text, values });
    }
    return (super.query as unknown as (...a: unknown[]) => never)(...args);
  }
}

/** Opens the database named by the config (PostgreSQL `schema` isolates test runs). */
export function openDatabase(database: Config['database'], opts: { schema?: string } = {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      Client: PreparingClient,
      // Prepared statements keep their generic plan: by default PostgreSQL plans a statement afresh
      // on every run when its generic plan looks costlier than the custom ones (a range on a bound
      // value is guessed at a third of the rows), which it did on every run of progress's whole-queue
      // statement (4 ms of planning a request) and of the student's day (0.45 ms): bench/README.md.
      options: [PLANNER_OPTIONS, ...(opts.schema ? [`-c search_path=${opts.schema}`] : [])].join(' '),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', sqlite: null, schema: opts.schema, close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  sqliteReaders.set(kysely, { sqlite, prepare: statements.prepare });
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}

/** The SQLite connection behind a Kysely instance, and its cached statements. */
export interface SqliteReader {
  sqlite: SQLite.Database;
  prepare(sqlText: string): SQLite.Statement;
}

const sqliteReaders = new WeakMap<Kysely<Database>, SqliteReader>();

/** For db/precompiled.ts: the connection of a database opened here (not of a transaction, nor PostgreSQL). */
export const sqliteReader = (kysely: Kysely<Database>) => sqliteReaders.get(kysely);

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and SQLite then parses and plans its SQL each time. Prepared
 * statements are reusable, so keep them by SQL text (bench/README.md: preparing was ~10 % of a
 * request). Safe because Kysely runs one query at a time on this single connection.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = sqlite.prepare(sqlText);
        // IN lists and multi-row inserts make many texts: forget the oldest beyond the bound.
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/** Every migration, in order; the same files serve both databases. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-progress-totals': progressTotalsMigration(),
    '0003-memory': memoryMigration(dialect),
    '0004-rate-limits': rateLimitsMigration(),
    '0005-audio': audioMigration(dialect),
    '0006-review-log-index': reviewLogIndexMigration(),
    '0007-families': familiesMigration(dialect),
    '0008-child-mode': childModeMigration(),
    '0009-deck-shares': deckSharesMigration(dialect),
    '0010-class-activity-index': classActivityIndexMigration(),
    '0015-anki-mappings': ankiMappingsMigration(),
    '0013-student-schedules': studentSchedulesMigration(dialect),
    '0012-answer-modes': answerModesMigration(),
    '0017-families': familiesTableMigration(dialect),
    '0014-activity-modes': activityModesMigration(dialect),
    '0018-recall-index': recallIndexMigration(dialect),
    '0019-shared-decks-in-place': sharedDecksInPlaceMigration(dialect),
    '0021-recall-index-state': recallIndexStateMigration(dialect),
    '0022-memory-review-epoch': memoryReviewEpochMigration(dialect),
  };
}

/** Brings the schema up to date; throws if a migration fails. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations(db.dialect) },
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    // Numbers are handed out per piece of work and land in any order: a database that already ran
    // 0015 still gets 0014 (pending ones run in name order), where Kysely would refuse to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Cheap round trip used by the health check. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
