import { PostgresAdapter, type CompiledQuery } from 'kysely';
import type { DbHandle } from './schema';

/**
 * Several writes of one transaction in as few round trips as the database allows, for writes that
 * repositories of different features prepare (each its own tables' SQL) and a service stores at
 * once: a study save writes answers, totals, the review log, memory, activity and its idempotency
 * key.
 *
 * On PostgreSQL each statement is a round trip, and the round trips were most of the save's app CPU
 * (bench/README.md): the statements go as one, `with w1 as (q1), w2 as (q2) … qN`, PostgreSQL's
 * data-modifying WITH. Its parts run on one snapshot and none sees another's rows, so each must be
 * an INSERT, UPDATE or DELETE, none reading what another writes; two parts writing one table go in
 * separate statements, in their order (the order of generated ids, the rows each may touch); each
 * one's text must hold `$` only in its placeholders (Kysely's, every value bound). SQLite runs them
 * one after another (in-process, a statement costs no round trip).
 *
 * Answers the rows of the last statement (its RETURNING).
 */
export async function writeTogether(db: DbHandle, queries: readonly CompiledQuery[]): Promise<unknown[]> {
  if (queries.length === 0) return [];
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    let rows: unknown[] = [];
    for (const q of queries) rows = (await db.executeQuery(q)).rows;
    return rows;
  }
  let rows: unknown[] = [];
  for (const group of withinParameterLimit(queries)) rows = (await db.executeQuery(combined(group))).rows;
  return rows;
}

// PostgreSQL binds at most 65,535 values per statement; a save of 1,000 answers binds ~36,000.
const PARAMETERS_MAX = 30_000;

/** The table a statement writes, as Kysely writes it (`insert into "t"`, `update "t"`, `delete from "t"`). */
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from)\s+("[^"]*"(?:\."[^"]*")?)/i;

/**
 * Consecutive groups of `queries`, each within PARAMETERS_MAX values (a bigger one alone) and
 * writing each table once.
 */
function withinParameterLimit(queries: readonly CompiledQuery[]): CompiledQuery[][] {
  const groups: CompiledQuery[][] = [];
  let group: CompiledQuery[] = [];
  let tables = new Set<string>();
  let count = 0;
  for (const q of queries) {
    const table = TARGET.exec(q.sql)?.[1];
    if (!table) throw new Error(`writeTogether: not an insert, update or delete: ${q.sql.slice(0, 60)}`);
    if (group.length > 0 && (count + q.parameters.length > PARAMETERS_MAX || tables.has(table))) {
      groups.push(group);
      group = [];
      tables = new Set();
      count = 0;
    }
    group.push(q);
    tables.add(table);
    count += q.parameters.length;
  }
  groups.push(group);
  return groups;
}

// The combined texts, by the texts of their parts: the same save makes the same text each time
// (and PostgreSQL keeps it as one prepared statement per connection, db/database.ts).
const TEXTS_MAX = 500;
const texts = new Map<string, string>();

function combined(queries: readonly CompiledQuery[]): CompiledQuery {
  if (queries.length === 1) return queries[0]!;
  const key = queries.map((q) => q.sql).join('\u0000');
  let text = texts.get(key);
  if (text === undefined) {
    let offset = 0;
    const parts = queries.map((q) => {
      const shifted = offset === 0 ? q.sql : q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      offset += q.parameters.length;
      return shifted;
    });
    const last = parts.pop()!;
    text = `with ${parts.map((p, i) => `w${i + 1} as (${p})`).join(', ')} ${last}`;
    if (texts.size >= TEXTS_MAX) texts.delete(texts.keys().next().value!);
    texts.set(key, text);
  }
  return {
    query: queries.at(-1)!.query,
    queryId: queries.at(-1)!.queryId,
    sql: text,
    parameters: queries.flatMap((q) => q.parameters),
  };
}
