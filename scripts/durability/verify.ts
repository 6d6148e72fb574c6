// Reads the database directly (the server is down) and checks it against the client's ledger.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { RESULTS_PER_SAVE, SEED_CARDS, type Ledger, type Seed } from './client';

type Row = Record<string, unknown>;

/** Plain-SQL access to either database, for checks written once. */
export interface Reader {
  all(sql: string): Promise<Row[]>;
  hasTable(name: string): Promise<boolean>;
  /** 'ok' when the database is intact, else what is wrong. */
  integrity(): Promise<string>;
  close(): Promise<void>;
}

/** Read-only, so that checking does not checkpoint the WAL the restarted server has to recover from. */
export function sqliteReader(file: string): Reader {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    all: async (sql) => db.prepare(sql).all() as Row[],
    hasTable: async (name) =>
      Boolean(db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name)),
    async integrity() {
      const check = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
      const dangling = db.pragma('foreign_key_check') as unknown[];
      if (check.join() !== 'ok') return `integrity_check: ${check.join('; ')}`;
      return dangling.length ? `foreign_key_check: ${dangling.length} rows point at nothing` : 'ok';
    },
    close: async () => {
      db.close();
    },
  };
}

export async function pgReader(url: string): Promise<Reader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    all: async (sql) => (await client.query(sql)).rows as Row[],
    hasTable: async (name) =>
      (
        await client.query(
          'select 1 from information_schema.tables where table_schema = current_schema() and table_name = $1',
          [name],
        )
      ).rowCount === 1,
    // PostgreSQL has no integrity_check; its WAL recovery is what is under test, and the checks below.
    integrity: async () => 'ok',
    close: () => client.end(),
  };
}

export interface Findings {
  /** Acknowledged saves not stored. */
  missing: string[];
  /** Saves stored more than once. */
  duplicates: string[];
  /** Imported decks with some but not all of their cards, or acknowledged imports without all of them. */
  partialImports: string[];
  /**
   * Other half-written changes: a deck copy without all its cards, a key without its rows, rows
   * without a key, running totals that disagree with the rows they sum.
   */
  halfWritten: string[];
  integrity: string;
}

const n = (v: unknown) => Number(v ?? 0);

/** Every check of one moment: acknowledged means stored exactly once, and nothing is half-written. */
export async function check(reader: Reader, ledger: Ledger, seed: Seed): Promise<Findings> {
  const f: Findings = {
    missing: [],
    duplicates: [],
    partialImports: [],
    halfWritten: [],
    integrity: await reader.integrity(),
  };

  const stored = new Map<number, number>();
  for (const r of await reader.all(
    'select cards_studied as a, study_duration_seconds as b, count(*) as n from study_sessions group by cards_studied, study_duration_seconds',
  )) {
    stored.set(n(r.a) * 86_400 + n(r.b), n(r.n));
  }
  for (const save of ledger.saves.values()) {
    const count = stored.get(save.seq) ?? 0;
    if (save.acked && count === 0) f.missing.push(`study save ${save.seq}`);
    if (count > 1) f.duplicates.push(`study save ${save.seq} stored ${count} times`);
  }
  for (const seq of stored.keys()) {
    if (!ledger.saves.has(seq)) f.halfWritten.push(`a study session nobody sent (${seq})`);
  }

  const keys = new Map<string, Set<string>>();
  for (const r of await reader.all('select scope, key from idempotency_keys')) {
    const scope = String(r.scope);
    keys.set(scope, (keys.get(scope) ?? new Set()).add(String(r.key)));
  }
  const [{ sessions }] = (await reader.all('select count(*) as sessions from study_sessions')) as [
    { sessions: unknown },
  ];
  const [{ results }] = (await reader.all('select count(*) as results from card_results')) as [{ results: unknown }];
  const sessionKeys = keys.get('study-session')?.size ?? 0;
  const resultKeys = keys.get('card-performance') ?? new Set<string>();
  if (n(sessions) !== sessionKeys) f.halfWritten.push(`${n(sessions)} study sessions but ${sessionKeys} keys`);
  if (n(results) !== RESULTS_PER_SAVE * resultKeys.size) {
    f.halfWritten.push(`${n(results)} card results for ${resultKeys.size} saves of ${RESULTS_PER_SAVE}`);
  }
  for (const [key, entry] of ledger.results) {
    if (entry.acked && !resultKeys.has(key)) f.missing.push(`card results ${key}`);
  }

  await checkTotals(reader, f);

  const full = seed.catalogue.cards.map((c) => c.en).join('\n');
  const importedCards = new Map<number, string[]>();
  for (const r of await reader.all(
    'select c.deck_id, c.en from cards c join decks d on d.id = c.deck_id where d.is_imported = 1 order by c.deck_id, c.id',
  )) {
    const id = n(r.deck_id);
    const list = importedCards.get(id);
    if (list) list.push(String(r.en));
    else importedCards.set(id, [String(r.en)]);
  }
  for (const r of await reader.all(
    'select d.id, d.is_imported, d.title, (select count(*) from cards c where c.deck_id = d.id) as cards from decks d',
  )) {
    const id = n(r.id);
    if (n(r.is_imported) === 1) {
      // Deck and cards are two calls by SPEC, so an empty imported deck is legitimate after a crash
      // between them; some but not all cards never is, nor an acknowledged import without them all.
      const cards = (importedCards.get(id) ?? []).join('\n');
      const acked = ledger.imports.get(id)?.acked ?? false;
      if ((cards !== '' || acked) && cards !== full)
        f.partialImports.push(`imported deck ${id} has ${n(r.cards)} cards`);
    } else if (String(r.title).startsWith('Dup ') && n(r.cards) !== SEED_CARDS) {
      f.halfWritten.push(`deck copy ${id} has ${n(r.cards)} of ${SEED_CARDS} cards`);
    }
  }
  return f;
}

/** True when the findings show no problem. */
export const clean = (f: Findings) =>
  f.integrity === 'ok' && [f.missing, f.duplicates, f.partialImports, f.halfWritten].every((l) => l.length === 0);

/** Rows of `sql` keyed by their first two columns, the rest joined, for comparing two aggregates. */
async function keyed(reader: Reader, sql: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of await reader.all(sql)) {
    const [a, b, ...rest] = Object.values(r).map(n);
    out.set(`${a}/${b}`, rest.join(' '));
  }
  return out;
}

/**
 * The progress totals (study_totals, card_totals: kept by the saves in the same transaction) must
 * agree with the session and result rows. Skipped where the tables do not exist.
 */
async function checkTotals(reader: Reader, f: Findings): Promise<void> {
  const pairs: [string, string, string][] = [
    [
      'study_totals',
      'select student_id, deck_id, count(*) as s, sum(cards_studied) as c, sum(cards_mastered) as m, sum(study_duration_seconds) as t from study_sessions group by student_id, deck_id',
      'select student_id, deck_id, sessions, cards_studied, cards_mastered, study_seconds from study_totals',
    ],
    [
      'card_totals',
      'select student_id, card_id, count(*) as a, sum(is_correct) as c from card_results group by student_id, card_id',
      'select student_id, card_id, attempts, correct from card_totals',
    ],
  ];
  for (const [table, fromRows, fromTotals] of pairs) {
    if (!(await reader.hasTable(table))) continue;
    const expected = await keyed(reader, fromRows);
    const actual = await keyed(reader, fromTotals);
    for (const key of new Set([...expected.keys(), ...actual.keys()])) {
      if (expected.get(key) !== actual.get(key)) {
        f.halfWritten.push(
          `${table} ${key} says ${actual.get(key) ?? 'nothing'}, the rows say ${expected.get(key) ?? 'nothing'}`,
        );
      }
    }
  }
}
