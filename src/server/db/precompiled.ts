import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sqliteReader } from './database';
import type { Database, DbHandle } from './schema';

interface Entry {
  query: CompiledQuery<unknown>;
  /** For each bound value of the query: the argument it comes from, or -1 for a constant. */
  slots: number[];
}

/**
 * A Kysely query built and compiled once per database kind, then run with each call's values.
 * Building and compiling a query costs more CPU than SQLite needs to answer the simple ones, and
 * this runs on every request (bench/README.md). Only for queries whose SQL never depends on the
 * arguments (no IN lists, no optional clauses), each argument reaching the query as a bound value:
 * `build` is called once, with placeholders for the arguments.
 */
export function precompiled<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  // One compiled form per dialect adapter (a transaction shares its database's adapter).
  const cache = new WeakMap<object, Entry>();
  /** The statement with this call's values, not run (db/write-together.ts runs several as one). */
  const query = (db: Kysely<Database>, ...args: A): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let entry = cache.get(adapter);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000precompiled argument ${i}\u0000`);
      const compiled = build(db, ...(markers as A)).compile();
      const slots = compiled.parameters.map((p) => markers.indexOf(p as string));
      if (markers.some((_, i) => !slots.includes(i)))
        throw new Error('precompiled: every argument must be a bound value');
      entry = { query: compiled, slots };
      cache.set(adapter, entry);
    }
    const { query: compiled, slots } = entry;
    const parameters = compiled.parameters.map((p, i) => (slots[i] === -1 ? p : args[slots[i]!]));
    return { ...compiled, parameters } as CompiledQuery<R>;
  };
  const run = async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    const compiled = query(db, ...args);
    // SQLite: better-sqlite3 answers synchronously, so read here rather than through Kysely's
    // connection lock and its promise hops (a few µs a query, more with many requests waiting:
    // bench/README.md). Only outside a transaction: one that another request holds open (its lock
    // taken, its statements run between awaits) must not be read uncommitted, so then wait for the lock.
    const reader = sqliteReader(db);
    if (reader && !reader.sqlite.inTransaction) {
      const statement = reader.prepare(compiled.sql);
      if (statement.reader) return statement.all(compiled.parameters) as R[];
    }
    const result = await db.executeQuery<R>(compiled);
    return result.rows;
  };
  return Object.assign(run, { query });
}

/**
 * A statement over a list of values (rows to insert, ids to match) compiled once per list length,
 * then run with each call's values (see precompiled): building and compiling a 20-row insert
 * costs more CPU than storing it. Callers keep lists within a bound (the cache grows by length).
 */
export function compiledPerLength<R>(build: (db: DbHandle, ...values: unknown[]) => Compilable<R>) {
  const byLength = new Map<number, ReturnType<typeof precompiled<unknown[], R>>>();
  const forLength = (length: number) => {
    let compiled = byLength.get(length);
    if (!compiled) {
      compiled = precompiled(build);
      byLength.set(length, compiled);
    }
    return compiled;
  };
  const run = (db: DbHandle, values: unknown[]): Promise<R[]> => forLength(values.length)(db, ...values);
  /** The statement with these values, not run (db/write-together.ts). */
  const query = (db: DbHandle, values: unknown[]): CompiledQuery<R> => forLength(values.length).query(db, ...values);
  return Object.assign(run, { query });
}

/** `values` (as compiledPerLength passes them) back into rows of `columns`. */
export function rowsOf<C extends string>(values: unknown[], columns: readonly C[]): Record<C, unknown>[] {
  const rows: Record<C, unknown>[] = [];
  for (let i = 0; i < values.length; i += columns.length) {
    rows.push(Object.fromEntries(columns.map((c, j) => [c, values[i + j]])) as Record<C, unknown>);
  }
  return rows;
}

/** The values of `rows` in the order of `columns`, one row after the other. */
export const valuesOf = <C extends string>(rows: readonly Record<C, unknown>[], columns: readonly C[]): unknown[] =>
  rows.flatMap((row) => columns.map((c) => row[c]));
