// `npm run test:durability`: crash durability of the real server on SQLite and (when
// TEST_DATABASE_URL is set) PostgreSQL. A family's writes (study saves with unique idempotency keys,
// card results, deck copies, catalogue imports) run at full speed while the server is killed with
// SIGKILL at a random moment, DURABILITY_ITERATIONS times (default 5, for CI, about 30-45 s for both
// databases; 100 is a thorough local run, about 2-4 s per kill and database). After every kill the database is read directly: every acknowledged
// write is there exactly once, nothing is half-written, SQLite's integrity_check says ok. After
// every restart the client retries what got no answer, as the app's client would; the retried
// acknowledged saves must be recognised as duplicates. DURABILITY_SEED replays a run's choices.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  newLedger,
  operations,
  random,
  seed as seedFamily,
  type Ledger,
  type Seed,
  type Target,
} from './durability/client';
import { retryAfterRestart } from './durability/retry';
import { buildServer, sleep, startServer, type Server } from './durability/server';
import { check, clean, pgReader, sqliteReader, type Findings, type Reader } from './durability/verify';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITERATIONS = Number(process.env.DURABILITY_ITERATIONS ?? 5);
const SEED = Number(process.env.DURABILITY_SEED ?? randomBytes(4).readUInt32BE());
const CONCURRENCY = 8;
/** The kill comes after this many acknowledged writes (uniformly random)… */
const KILL_AFTER_WRITES = [20, 200] as const;
/** …or after this long, whichever is first. */
const MAX_LOAD_MS = 5000;

interface Database {
  name: 'sqlite' | 'postgres';
  env: Record<string, string>;
  reader(): Promise<Reader>;
  cleanup(): Promise<void>;
}

function sqliteDatabase(): Database {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-durability-'));
  return {
    name: 'sqlite',
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    reader: async () => sqliteReader(path.join(dir, 'flashcards.db')),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A database of its own (CREATE DATABASE durability_<random>), dropped afterwards. */
async function postgresDatabase(adminUrl: string): Promise<Database> {
  const name = `durability_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-durability-'));
  return {
    name: 'postgres',
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    reader: () => pgReader(url.toString()),
    async cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
      // The servers are stopped and the readers closed by now. A plain DROP DATABASE also stops an
      // autovacuum worker still busy in it; WITH (FORCE) would need rights over that worker's
      // backend, which a role with only CREATEDB does not have. Connections of a killed server can
      // take a moment to go, so a refusal is retried before giving up.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin(`drop database if exists ${name}`);
          return;
        } catch (err) {
          if (attempt === 5) {
            console.log(`  could not drop ${name} (${(err as Error).message}); drop it by hand`);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    },
  };
}

interface Totals {
  kills: number;
  inFlight: number;
  problems: string[];
}

async function verify(db: Database, ledger: Ledger, s: Seed, when: string, totals: Totals): Promise<Findings> {
  const reader = await db.reader();
  try {
    const f = await check(reader, ledger, s);
    if (!clean(f)) {
      const lists = {
        missing: f.missing,
        duplicates: f.duplicates,
        'partial imports': f.partialImports,
        'half-written': f.halfWritten,
      };
      for (const [what, list] of Object.entries(lists)) {
        if (list.length)
          totals.problems.push(`${when}: ${what}: ${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''}`);
      }
      if (f.integrity !== 'ok') totals.problems.push(`${when}: ${f.integrity}`);
    }
    return f;
  } finally {
    await reader.close();
  }
}

/** Runs the load until it is killed; resolves when every worker has seen the end. */
async function loadAndKill(
  server: Server,
  target: Target,
  s: Seed,
  ledger: Ledger,
  rand: () => number,
  totals: Totals,
) {
  const ops = operations(target, s, ledger);
  const state = { killed: false, inFlight: 0 };
  const worker = async () => {
    while (!state.killed) {
      const r = rand();
      state.inFlight++;
      try {
        if (r < 0.7) await ops.studySave();
        else if (r < 0.8) await ops.cardResults();
        else if (r < 0.9) await ops.duplicate();
        else await ops.importDeck();
      } catch (err) {
        if (!state.killed) ledger.unexpected.push(`a request failed while the server was up: ${String(err)}`);
      } finally {
        state.inFlight--;
      }
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  // Kill after a random amount of work (so a slow machine still gets a real load), then at a
  // random point within the requests in flight.
  const killAt =
    ledger.ackedWrites + KILL_AFTER_WRITES[0] + Math.floor(rand() * (KILL_AFTER_WRITES[1] - KILL_AFTER_WRITES[0]));
  const deadline = Date.now() + MAX_LOAD_MS;
  while (ledger.ackedWrites < killAt && Date.now() < deadline && ledger.unexpected.length === 0) await sleep(2);
  await sleep(rand() * 20);
  // Flag and signal in one synchronous step: the requests in flight stay in flight.
  state.killed = true;
  totals.inFlight += state.inFlight;
  await server.kill();
  await Promise.all(workers);
}

async function run(db: Database, entry: string): Promise<boolean> {
  const rand = random(SEED);
  const totals: Totals = { kills: 0, inFlight: 0, problems: [] };
  const ledger = newLedger();
  let server = await startServer(entry, db.env);
  const target: Target = { base: server.url, cookie: '' };
  const s = await seedFamily(target);
  for (let i = 1; i <= ITERATIONS; i++) {
    await loadAndKill(server, target, s, ledger, rand, totals);
    totals.kills++;
    const f = await verify(db, ledger, s, `after kill ${i}`, totals);
    const saves = [...ledger.saves.values()].filter((x) => x.acked).length;
    console.log(
      `  ${db.name} kill ${i}/${ITERATIONS}: ${saves} study saves acknowledged so far; ` +
        `${clean(f) ? 'all present once, nothing half-written' : 'PROBLEMS'}` +
        `${db.name === 'sqlite' ? `; integrity_check ${f.integrity}` : ''}`,
    );
    server = await startServer(entry, db.env);
    target.base = server.url;
    await retryAfterRestart(target, ledger, s);
  }
  await server.stop();
  // Every save has been answered by now (retries included): each must be stored exactly once.
  const f = await verify(db, ledger, s, 'at the end', totals);
  for (const save of ledger.saves.values())
    if (!save.acked) totals.problems.push(`save ${save.seq} never acknowledged`);
  totals.problems.push(...ledger.unexpected.map((u) => `unexpected answer: ${u}`));

  const saves = ledger.saves.size;
  console.log(
    `durability ${db.name}: iterations ${totals.kills}, acknowledged writes ${ledger.ackedWrites} ` +
      `(study saves ${saves}, in flight at the kills ${totals.inFlight}), missing ${f.missing.length}, ` +
      `duplicates ${f.duplicates.length}, partial imports ${f.partialImports.length}, ` +
      `half-written ${f.halfWritten.length}, integrity_check ${db.name === 'sqlite' ? f.integrity : 'n/a'}`,
  );
  for (const p of totals.problems.slice(0, 20)) console.log(`  FAIL ${p}`);
  return totals.problems.length === 0;
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log(
    `durability: ${ITERATIONS} kills per database, seed ${SEED} (DURABILITY_SEED=${SEED} replays the choices)`,
  );
  const entry = buildServer(root);
  const databases: (() => Promise<Database>)[] = [async () => sqliteDatabase()];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) databases.push(() => postgresDatabase(pgUrl));
  else console.log('durability: TEST_DATABASE_URL is not set, PostgreSQL skipped');
  let ok = true;
  for (const make of databases) {
    const db = await make();
    let passed = false;
    try {
      passed = await run(db, entry);
    } finally {
      if (passed) await db.cleanup();
      else
        console.log(
          `  kept for inspection: ${db.env.DATA_DIR}${db.name === 'postgres' ? ` and ${db.env.DATABASE_URL}` : ''}`,
        );
    }
    ok &&= passed;
  }
  console.log(`durability: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`durability: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
