// The bench on PostgreSQL: a throw-away cluster (or BENCH_DATABASE_URL), data at school scale written
// straight into the database with generate_series, and per endpoint requests/s, latency, the app's
// CPU and the database's own CPU per request (the PostgreSQL processes' time from /proc, and
// pg_stat_statements' execution time where the extension is loaded).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { measureLoad, sampleLatency } from './load.mjs';
import { apiClient } from './seed.mjs';
import { freePort, startApp, stop } from './servers.mjs';

/**
 * The limit on PostgreSQL (bench/baseline-postgres.ts): node:http calling the app's services on the
 * same database, without framework, session or validation.
 */
async function startPgLimit(databaseUrl, logFile) {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('../baseline-postgres.ts', import.meta.url).pathname],
    {
      env: { ...process.env, PORT: String(port), BASELINE_DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      stdio: ['ignore', out, out],
    },
  );
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the PostgreSQL limit exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name: 'limit', url, child, pid: child.pid };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the PostgreSQL limit did not start');
}

export const PG_SIZES = {
  peer: { decks: 20, cardsPerDeck: 50, answers: 5_000, days: 30 }, // the peer app's comparison data
  large: { decks: 50, cardsPerDeck: 30, answers: 100_000, days: 365 }, // one child, a long history
  class: { students: 40, decks: 50, cardsPerDeck: 20, learnt: 10, answersPerDay: 10, days: 30 },
  // BENCH_SCHOOL=1: 40 classes of 30 (1,200 students), each class sharing 50 decks of 20 cards,
  // 33 answers per student per school day over 200 school days (7.92 million answers).
  school: { classes: 40, studentsPerClass: 30, decks: 50, cardsPerDeck: 20, answersPerDay: 33, days: 200 },
  // The save at 50 connections: each request saves 20 answers of a child of another family (a
  // family's saves queue on its lock, as two devices of one family must).
  savers: { families: 25, cardsPerDeck: 20, answersPerDay: 20, days: 30 },
};

// Database CPU per request (median figures of the table are budgets on this machine).
export const PG_BUDGETS = {
  progress_5k_db_ms: 3,
  progress_100k_db_ms: 5,
  deck_list_20_db_ms: 1.5,
  review_db_ms: 3,
  class_40x50_db_ms: 10,
  class_school_p95_ms: 50,
  save_20_app_cpu_ms: 3.08,
};

// The peer app's requests/s relative to ours on the same data (the table): a read must be
// ≥ 3× the peer's. We cannot run the peer here; these are the measured ratios, for reference.
export const PEER_RATIO_BEFORE = {
  'GET /api/decks/{id}': 8.8,
  'GET /api/students/{id}/review': 15,
  'GET /api/decks?student_id=': 1.6,
  'GET /api/progress/{id}': 1.0,
};

const bin = (name) => {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
  for (const v of versions.reverse()) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  return null;
};

const asPostgres = (cmd, args) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
    : execFileSync(cmd, args, { stdio: 'pipe' });

/**
 * A throw-away cluster in `dir` on its own port, with pg_stat_statements preloaded; PostgreSQL is
 * installed first when missing (scripts/ensure-postgres.sh, as CI does). Runs as the `postgres`
 * user when we are root.
 */
export async function startCluster(dir, log) {
  if (!bin('initdb')) {
    log('installing PostgreSQL (scripts/ensure-postgres.sh)');
    execFileSync('bash', ['scripts/ensure-postgres.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    fs.chmodSync(path.dirname(dir), 0o711); // the temp dir is the bench's; postgres only passes through
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  asPostgres(bin('initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const conf = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    "shared_preload_libraries = 'pg_stat_statements'",
    'pg_stat_statements.track = all',
    // Planning time too (exec + plan per statement): a statement planned afresh on every run shows.
    'pg_stat_statements.track_planning = on',
    'max_connections = 200',
    'shared_buffers = 512MB',
    'maintenance_work_mem = 512MB',
    'work_mem = 16MB',
    'max_wal_size = 4GB',
  ];
  fs.appendFileSync(path.join(dir, 'postgresql.conf'), `\n${conf.join('\n')}\n`);
  asPostgres(bin('pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create database flash_bench');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/flash_bench`,
    dir,
    stop: () => asPostgres(bin('pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']),
  };
}

/** BENCH_DATABASE_URL: a fresh database beside it (dropped at the end), so that nothing of it is touched. */
async function useServer(baseUrl) {
  const name = `flash_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    stop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name}`).catch(() => undefined);
      await c.end();
    },
  };
}

/** The PostgreSQL processes of the server (the postmaster and its children: backends, parallel workers, …). */
function dbProcesses(postmaster) {
  const pids = [postmaster];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A process's CPU time so far in ms: /proc/<pid>/schedstat (ns) where the kernel has it, else stat's ticks. */
function processCpuMs(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  }
}

/**
 * The database's CPU so far, per process: each PostgreSQL process's time and type (pg_stat_activity's
 * backend_type), and the time of the processes that ended (the postmaster's reaped children,
 * fields cutime/cstime). `self` is the bench's own connection, counted apart.
 */
async function dbCpuSnapshot(db, postmaster, self) {
  const { rows } = await db.query('select pid, backend_type from pg_stat_activity');
  const types = new Map(rows.map((r) => [r.pid, r.backend_type]));
  const procs = new Map();
  let reaped = 0;
  for (const pid of dbProcesses(postmaster)) {
    try {
      procs.set(pid, { cpu: processCpuMs(pid), type: pid === postmaster ? 'postmaster' : (types.get(pid) ?? '?') });
      if (pid === postmaster) {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        reaped = (Number(f[13]) + Number(f[14])) * 10;
      }
    } catch {
      // gone meanwhile
    }
  }
  if (procs.has(self)) procs.get(self).type = 'bench';
  return { procs, reaped };
}

const SERVING = new Set(['client backend', 'parallel worker']);

/**
 * The database's CPU between two snapshots, in ms, split by who spent it:
 * - `serving`: the client backends (the app's connections; the bench's own connection is left out)
 *   and parallel workers, alive at the end; plus `ended`;
 * - `ended`: processes that ended in between (a connection the pool closed, a parallel worker, or an
 *   autovacuum worker — the reads are measured with autovacuum paused, see below): the postmaster's
 *   reaped time grows by their whole life, so their CPU before the first snapshot is taken off;
 * - `background`: everything else (checkpointer, walwriter, background writer, autovacuum launcher
 *   and workers alive at the end, the postmaster itself).
 */
function dbCpuBetween(a, b) {
  let serving = 0;
  let background = 0;
  for (const [pid, p] of b.procs) {
    const before = a.procs.get(pid);
    const spent = p.cpu - (before ? before.cpu : 0);
    const type = p.type === '?' && before ? before.type : p.type;
    if (type === 'bench') continue;
    if (SERVING.has(type)) serving += spent;
    else background += spent;
  }
  let endedBefore = 0;
  for (const [pid, p] of a.procs) if (!b.procs.has(pid)) endedBefore += p.cpu;
  const ended = Math.max(0, b.reaped - a.reaped - endedBefore);
  return { serving: serving + ended, ended, background };
}

const iso = (col) => `to_char((${col}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const slot = (col) =>
  `to_char(date_trunc('hour', ${col} at time zone 'UTC') + floor(extract(minute from ${col} at time zone 'UTC') / 15) * interval '15 minutes', 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * Straight into the database: `groups` of students, each with its decks (the student's own, or the
 * family's shared by all its students), answers on `perDay` cards per (school) day over `days` days,
 * cycling through the first `learnt` cards of each deck; then everything the app keeps beside the
 * log (results, sessions, totals, memory, cursors, quarter-hour activity), from the same rows.
 */
async function seedSql(db, groups, log) {
  await db.query('set session_replication_role = replica').catch(() => log('no superuser: foreign keys checked'));
  // Joins, sorts and index builds of millions of rows in memory rather than in temp files; a lost
  // commit only loses the seed.
  await db.query("set work_mem = '1GB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off");
  await db.query(`create temp table g_students (student_id int primary key, family_id int, own_decks bool,
    decks int, cards_per_deck int, learnt int, per_day int, days int, weekdays bool)`);
  for (const g of groups) {
    for (const s of g.students) {
      await db.query('insert into g_students values ($1,$2,$3,$4,$5,$6,$7,$8,$9)', [
        s,
        g.userId,
        g.ownDecks,
        g.decks,
        g.cardsPerDeck,
        g.learnt ?? g.cardsPerDeck,
        g.perDay,
        g.days,
        g.weekdays ?? false,
      ]);
    }
  }
  // The groups name people; their data belongs to the family each is in.
  await db.query('update g_students g set family_id = m.family_id from family_members m where m.user_id = g.family_id');
  const created = new Date(Date.now() - 400 * 86_400_000).toISOString();
  log('PostgreSQL seed: decks and cards');
  // One set of decks per student (own) or per family (shared, student_id null), each set's decks
  // and their cards numbered in order, so that a student's k-th learnt card is found by arithmetic.
  await db.query(
    `insert into decks (family_id, student_id, title, subtitle, color, is_imported, original_deck_id, is_archived, created_at)
     select o.family_id, o.student_id, 'Deck ' || d, null, '#54a0ff', 0, null, 0, $1
     from (select distinct on (case when own_decks then student_id else -family_id end)
             family_id, case when own_decks then student_id end as student_id, decks
           from g_students) o
     cross join lateral generate_series(1, o.decks) d
     order by o.family_id, o.student_id, d`,
    [created],
  );
  await db.query(
    `insert into cards (deck_id, en, es, created_at)
     select d.id, 'word ' || d.id || '-' || i, 'palabra ' || d.id || '-' || i, $1
     from decks d
     join (select distinct family_id, case when own_decks then student_id end as student_id, cards_per_deck from g_students) u
       on u.family_id = d.family_id and u.student_id is not distinct from d.student_id
     cross join lateral generate_series(1, u.cards_per_deck) i
     where d.created_at = $1
     order by d.id, i`,
    [created],
  );
  // Each student's first deck and card; the answers cycle through the first `learnt` cards of each deck.
  await db.query(`alter table g_students add column first_deck int, add column first_card int`);
  await db.query(
    `update g_students s set first_deck = x.first_deck, first_card = x.first_card
     from (select s.student_id, min(d.id) as first_deck, min(c.id) as first_card,
             max(d.id) - min(d.id) + 1 as deck_span, max(c.id) - min(c.id) + 1 as card_span, count(*) as n
           from g_students s
           join decks d on d.family_id = s.family_id and d.created_at = $1
             and (case when s.own_decks then d.student_id = s.student_id else d.student_id is null end)
           join cards c on c.deck_id = d.id
           group by s.student_id) x
     where x.student_id = s.student_id
       and x.deck_span = s.decks and x.card_span = s.decks * s.cards_per_deck and x.n = x.card_span`,
    [created],
  );
  const { rows: unnumbered } = await db.query('select count(*)::int as n from g_students where first_card is null');
  if (unnumbered[0].n > 0) throw new Error('PostgreSQL seed: decks or cards were not numbered in order');

  log('PostgreSQL seed: the answers');
  // Day d of `days` back to yesterday (school days skip weekends); answers from 16:00 UTC, 20 s apart.
  await db.query(`create unlogged table g_ans as
    select s.student_id, s.first_deck + x.o / s.learnt as deck_id,
      s.first_card + (x.o / s.learnt) * s.cards_per_deck + x.o % s.learnt as card_id,
      (hashint4(s.student_id * 7919 + dd.d * 131 + j) & 1023) < 819 as ok,
      (date_trunc('day', now()) - (case when s.weekdays then (s.days - dd.d) + 2 * ((s.days - dd.d) / 5) else s.days - dd.d end) * interval '1 day'
        + interval '16 hours' + j * interval '20 seconds') as at
    from g_students s
    cross join lateral generate_series(0, s.days - 1) dd(d)
    cross join lateral generate_series(0, s.per_day - 1) j
    cross join lateral (select ((dd.d * s.per_day + j) % (s.decks * s.learnt))::int as o) x`);
  await db.query('analyze g_ans');
  const { rows: countRows } = await db.query('select count(*)::int as n from g_ans');
  log(`PostgreSQL seed: ${countRows[0].n} answers; writing the log and what the app keeps beside it`);

  // Secondary indexes of the big tables are dropped while writing and built again after.
  const big = ['card_results', 'review_logs', 'memory_states', 'review_activity', 'study_sessions'];
  const { rows: idx } = await db.query(
    `select indexname, indexdef from pg_indexes i where schemaname = current_schema() and tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [big],
  );
  for (const i of idx) await db.query(`drop index ${i.indexname}`);

  await db.query(`insert into card_results (student_id, deck_id, card_id, is_correct, created_at)
    select student_id, deck_id, card_id, ok::int, ${iso('at')} from g_ans order by at`);
  await db.query(`insert into review_logs (student_id, card_id, rating, reviewed_at, duration_ms, created_at)
    select student_id, card_id, case when ok then 'good' else 'again' end, ${iso('at')}, null, ${iso('at')}
    from g_ans order by at`);
  await db.query(`insert into study_sessions (student_id, deck_id, cards_studied, cards_mastered, cards_not_mastered,
      accuracy_percentage, study_duration_seconds, created_at)
    select student_id, deck_id, count(*), sum(ok::int), count(*) - sum(ok::int), 100.0 * sum(ok::int) / count(*),
      count(*) * 20, ${iso('min(at)')}
    from g_ans group by student_id, deck_id, date_trunc('day', at)`);
  await db.query(`insert into study_totals (student_id, deck_id, sessions, cards_studied, cards_mastered, study_seconds, last_studied)
    select student_id, deck_id, count(*), sum(cards_studied), sum(cards_mastered), sum(study_duration_seconds), max(created_at)
    from study_sessions where student_id in (select student_id from g_students) group by student_id, deck_id`);
  await db.query(`insert into card_totals (student_id, card_id, deck_id, attempts, correct)
    select student_id, card_id, min(deck_id), count(*), sum(ok::int) from g_ans group by student_id, card_id`);
  // Memory: each answered card in review, its stability growing with its right answers.
  await db.query(`insert into memory_states (student_id, card_id, deck_id, state, due, stability, difficulty,
      elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review)
    select student_id, card_id, min(deck_id), 'review',
      ${iso("max(at) + least(120, 1 + sum(ok::int) * 0.8) * interval '1 day'")},
      least(120, 1 + sum(ok::int) * 0.8), 5 + 3 * (1 - avg(ok::int)), 0, round(least(120, 1 + sum(ok::int) * 0.8)),
      0, count(*), count(*) - sum(ok::int), ${iso('max(at)')}
    from g_ans group by student_id, card_id`);
  // The cursors as migration 0003 derives them: every card of the deck up to it answered.
  await db.query(`insert into new_card_cursors (student_id, deck_id, seen_through)
    select s.student_id, s.deck_id,
      coalesce((select min(c.id) - 1 from cards c where c.deck_id = s.deck_id and not exists
        (select 1 from memory_states m where m.student_id = s.student_id and m.card_id = c.id)),
        (select max(c.id) from cards c where c.deck_id = s.deck_id))
    from (select distinct student_id, deck_id from memory_states) s`);
  await db.query(`insert into review_activity (student_id, deck_id, slot, reviews, correct)
    select student_id, deck_id, ${slot('at')}, count(*), sum(ok::int) from g_ans group by 1, 2, 3`);
  log('PostgreSQL seed: building the indexes again');
  for (const i of idx) await db.query(i.indexdef);
  await db.query('drop table g_ans');
  await db.query('reset session_replication_role').catch(() => undefined);
  await db.query('vacuum analyze');
  return countRows[0].n;
}

async function signup(baseUrl, email, students) {
  const api = apiClient(baseUrl);
  const user = await api.call('POST', '/api/auth/local/signup', {
    email,
    password: 'correct horse battery staple',
    name: email.split('@')[0],
  });
  const ids = [];
  for (const name of students) {
    ids.push((await api.call('POST', '/api/students', { name, age: 8, native_language: 'English' })).id);
  }
  return { userId: user.id, cookie: api.cookie, students: ids, api };
}

/** The PostgreSQL section of the bench; returns its figures. */
export async function postgresBench({ cfg, tmp, log, school, schoolDays = PG_SIZES.school.days }) {
  const own = !process.env.BENCH_DATABASE_URL;
  const server = own ? await startCluster(path.join(tmp, 'pg'), log) : await useServer(process.env.BENCH_DATABASE_URL);
  const out = { database: own ? 'throw-away cluster (initdb)' : 'BENCH_DATABASE_URL (a fresh database on it)' };
  let app;
  let limit;
  const db = new pg.Client({ connectionString: server.url });
  try {
    // The school's 40 teachers sign up from one address: above the per-address sign-up limit.
    const env = { DATABASE_URL: server.url, RATE_LIMIT_SIGNUP: '100' };
    app = await startApp({
      buildDir: cfg.buildDir,
      dataDir: path.join(tmp, 'pg-app'),
      logFile: path.join(tmp, 'pg-app.log'),
      env,
    });
    log('PostgreSQL seed: accounts and students through the API');
    const family = await signup(app.url, 'bench-pg@example.com', ['Pia', 'Leo']);
    const [pia, leo] = family.students;
    const klass = await signup(
      app.url,
      'bench-pg-class@example.com',
      Array.from({ length: PG_SIZES.class.students }, (_, i) => `Student ${i + 1}`),
    );
    const savers = [];
    for (let f = 0; f < PG_SIZES.savers.families; f++) {
      savers.push(await signup(app.url, `bench-pg-saver-${f + 1}@example.com`, [`Saver ${f + 1}`]));
    }
    const schoolClasses = [];
    if (school) {
      const z = PG_SIZES.school;
      for (let c = 0; c < z.classes; c++) {
        schoolClasses.push(
          await signup(
            app.url,
            `bench-pg-school-${c + 1}@example.com`,
            Array.from({ length: z.studentsPerClass }, (_, i) => `Pupil ${c + 1}-${i + 1}`),
          ),
        );
      }
    }
    await stop(app);
    app = null;

    await db.connect();
    const { rows: ext } = await db
      .query('create extension if not exists pg_stat_statements')
      .then(() => db.query('select 1 from pg_stat_statements limit 0').then(() => [{ ok: true }]))
      .then((r) => ({ rows: r }))
      .catch(() => ({ rows: [] }));
    const statements = ext.length > 0;
    const { rows: pidRows } = await db.query('select pg_backend_pid() as pid');
    const selfPid = pidRows[0].pid;
    const backend = fs.readFileSync(`/proc/${selfPid}/stat`, 'utf8');
    const postmaster = Number(backend.slice(backend.lastIndexOf(')') + 2).split(' ')[1]);

    const p = PG_SIZES.peer;
    const l = PG_SIZES.large;
    const k = PG_SIZES.class;
    const groups = [
      {
        userId: family.userId,
        students: [pia],
        ownDecks: true,
        decks: p.decks,
        cardsPerDeck: p.cardsPerDeck,
        perDay: Math.ceil(p.answers / p.days),
        days: p.days,
      },
      {
        userId: family.userId,
        students: [leo],
        ownDecks: true,
        decks: l.decks,
        cardsPerDeck: l.cardsPerDeck,
        perDay: Math.round(l.answers / l.days),
        days: l.days,
      },
      {
        userId: klass.userId,
        students: klass.students,
        ownDecks: false,
        decks: k.decks,
        cardsPerDeck: k.cardsPerDeck,
        learnt: k.learnt,
        perDay: k.answersPerDay,
        days: k.days,
      },
      ...schoolClasses.map((c) => ({
        userId: c.userId,
        students: c.students,
        ownDecks: false,
        decks: PG_SIZES.school.decks,
        cardsPerDeck: PG_SIZES.school.cardsPerDeck,
        perDay: PG_SIZES.school.answersPerDay,
        days: schoolDays,
        weekdays: true,
      })),
      ...savers.map((f) => ({
        userId: f.userId,
        students: f.students,
        ownDecks: true,
        decks: 1,
        cardsPerDeck: PG_SIZES.savers.cardsPerDeck,
        perDay: PG_SIZES.savers.answersPerDay,
        days: PG_SIZES.savers.days,
      })),
    ];
    const t0 = Date.now();
    out.answers_written = await seedSql(db, groups, log);
    out.seed_seconds = Math.round((Date.now() - t0) / 100) / 10;
    const { rows: counts } = await db.query(
      `select (select count(*)::int from card_results) as card_results, (select count(*)::int from review_logs) as review_logs,
        (select count(*)::int from memory_states) as memory_states, (select count(*)::int from review_activity) as review_activity,
        (select count(*)::int from students) as students, (select count(*)::int from cards) as cards`,
    );
    out.rows = counts[0];
    out.school_days = school ? schoolDays : null;
    log(`PostgreSQL seed: ${JSON.stringify(out.rows)} in ${out.seed_seconds} s`);
    // What the app keeps beside the log must say what the log says, per student, or the run stops.
    const t1 = Date.now();
    const { rows: mismatches } = await db.query(`
      with log as (select student_id, count(*) as n, sum(case when rating = 'again' then 0 else 1 end) as ok
                   from review_logs group by 1),
        act as (select student_id, sum(reviews) as n, sum(correct) as ok from review_activity group by 1),
        res as (select student_id, count(*) as n, sum(is_correct) as ok from card_results group by 1),
        tot as (select student_id, sum(attempts) as n, sum(correct) as ok from card_totals group by 1),
        mem as (select student_id, sum(reps) as n from memory_states group by 1),
        ses as (select student_id, count(*) as n, sum(cards_studied) as c from study_sessions group by 1),
        st as (select student_id, sum(sessions) as n, sum(cards_studied) as c from study_totals group by 1)
      select coalesce(log.student_id, act.student_id, res.student_id, tot.student_id, mem.student_id) as student_id
      from log full join act using (student_id) full join res using (student_id) full join tot using (student_id)
        full join mem using (student_id) full join ses using (student_id) full join st using (student_id)
      where log.n is distinct from act.n or log.ok is distinct from act.ok or res.n is distinct from tot.n
        or res.ok is distinct from tot.ok or log.n is distinct from mem.n or log.n is distinct from res.n
        or ses.n is distinct from st.n or ses.c is distinct from st.c
      limit 5`);
    if (mismatches.length > 0)
      throw new Error(`PostgreSQL seed: kept totals differ from the log for ${JSON.stringify(mismatches)}`);
    out.kept_equal_to_log = { checked: true, seconds: Math.round((Date.now() - t1) / 100) / 10 };

    app = await startApp({
      buildDir: cfg.buildDir,
      dataDir: path.join(tmp, 'pg-app'),
      logFile: path.join(tmp, 'pg-app.log'),
      env,
      // BENCH_PROFILE=1: the app's V8 CPU profile, as in the SQLite sections (bench/README.md).
      profileDir: cfg.profile ? path.resolve('bench/results/profiles') : undefined,
    });
    const auth = { cookie: family.cookie };
    const api = apiClient(app.url);
    const decks = await api.call('GET', `/api/decks?student_id=${pia}`, undefined, auth);
    const deck = await api.call('GET', `/api/decks/${decks[0].id}`, undefined, auth);
    const progressLeo = await api.call('GET', `/api/progress/${leo}`, undefined, auth);
    const progressPia = await api.call('GET', `/api/progress/${pia}`, undefined, auth);
    if (decks.length !== p.decks || deck.cards.length !== p.cardsPerDeck)
      throw new Error(`PostgreSQL seed: decks are off: ${decks.length} decks, ${deck.cards.length} cards`);
    if (
      progressPia.overall_statistics.decks_studied !== p.decks ||
      progressLeo.overall_statistics.decks_studied !== l.decks
    )
      throw new Error(`PostgreSQL seed: Pia's progress is off: ${JSON.stringify(progressPia.overall_statistics)}`);
    out.seed_check = {
      pia_sessions: progressPia.overall_statistics.total_sessions,
      leo_sessions: progressLeo.overall_statistics.total_sessions,
      pia_activity_12_weeks: progressPia.memory_statistics.activity.reduce((n, d) => n + d.reviews, 0),
    };

    limit = await startPgLimit(server.url, path.join(tmp, 'pg-limit.log'));
    const familyOf = async (userId) =>
      (await db.query('select family_id from family_members where user_id = $1', [userId])).rows[0].family_id;
    const parent = { cookie: family.cookie, familyId: await familyOf(family.userId) };
    const teacher = { cookie: klass.cookie, familyId: await familyOf(klass.userId) };
    const only = process.env.BENCH_PG_ONLY ? new Set(process.env.BENCH_PG_ONLY.split(',')) : null;
    const wanted = (key) => !only || only.has(key);

    // Around each measured run (never its warm-up): pg_stat_statements emptied, then the database's
    // CPU split by process type (dbCpuBetween), and the statements' own time, per request.
    const round3 = (v) => Math.round(v * 1000) / 1000;
    let snapshot = null;
    const beforeMeasured = async () => {
      if (statements) await db.query('select pg_stat_statements_reset()');
      snapshot = await dbCpuSnapshot(db, postmaster, selfPid);
    };
    const afterMeasured = async (n) => {
      const cpu = dbCpuBetween(snapshot, await dbCpuSnapshot(db, postmaster, selfPid));
      const per = Math.max(1, n);
      const r = {
        db_cpu_ms_per_request: round3(cpu.serving / per),
        db_ended_ms_per_request: round3(cpu.ended / per),
        db_background_ms_per_request: round3(cpu.background / per),
      };
      // pg_stat_statements: planning and execution time (elapsed, not CPU) of the endpoint's statements.
      if (statements) {
        const own = "query not ilike '%pg_stat_%'";
        const { rows } = await db.query(
          `select sum(total_exec_time + total_plan_time) as ms, sum(calls) as calls from pg_stat_statements where ${own}`,
        );
        r.statements_ms_per_request = round3(Number(rows[0].ms ?? 0) / per);
        r.statements_per_request = Math.round((Number(rows[0].calls ?? 0) / per) * 100) / 100;
        // The costliest statements, to find where the time goes.
        const { rows: top } = await db.query(
          `select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query, calls,
             (total_exec_time + total_plan_time) / calls as ms_per_call, shared_blks_hit + shared_blks_read as blocks
           from pg_stat_statements where ${own}
           order by total_exec_time + total_plan_time desc limit 8`,
        );
        r.top_statements = top.map((t) => ({
          query: t.query,
          calls_per_request: Math.round((Number(t.calls) / per) * 100) / 100,
          ms_per_call: round3(Number(t.ms_per_call)),
          blocks_per_call: Math.round(Number(t.blocks) / Math.max(1, Number(t.calls))),
        }));
      }
      return r;
    };

    // Per endpoint: a load run (50 connections) of the app, then of the limit, each with its own and
    // the database's CPU per request; the ratio is ours ÷ the limit's req/s.
    const run = async (server, name, spec, headers) => {
      log(`PostgreSQL: ${name}: ${server.name}`);
      return measureLoad({
        beforeMeasured,
        afterMeasured,
        url: server.url,
        pid: server.pid,
        connections: cfg.connections,
        warmupS: cfg.warmupS,
        durationS: cfg.durationS,
        ...spec,
        headers: { ...spec.headers, ...headers },
      });
    };
    const measure = async (key, name, spec, who = parent) => {
      if (!wanted(key)) return;
      const ours = await run(app, name, spec, { cookie: who.cookie });
      const lim = await run(limit, name, spec, { 'x-family-id': String(who.familyId) });
      const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);
      out.api.push({
        endpoint: name,
        ...ours,
        limit: lim,
        ratio: ratio(ours.requests_per_s, lim.requests_per_s),
        cpu_ratio: ratio(lim.cpu_ms_per_request, ours.cpu_ms_per_request),
      });
    };
    const loadSpec = (pth) => ({ path: pth });
    out.api = [];
    await measure('decks', 'GET /api/decks?student_id= (20 decks)', loadSpec(`/api/decks?student_id=${pia}`));
    await measure('deck', 'GET /api/decks/{id}', loadSpec(`/api/decks/${decks[0].id}`));
    await measure('progress', 'GET /api/progress/{id} (5,000 answers)', loadSpec(`/api/progress/${pia}`));
    await measure('progress', 'GET /api/progress/{id} (100,000 answers)', loadSpec(`/api/progress/${leo}`));
    await measure('review', 'GET /api/students/{id}/review', loadSpec(`/api/students/${pia}/review`));
    await measure('memory', 'GET /api/students/{id}/memory-states', loadSpec(`/api/students/${pia}/memory-states`));
    const classPath = '/api/progress/students?tz=Europe%2FMadrid';
    await measure('class', 'GET /api/progress/students (40 × 50 cards)', loadSpec(classPath), teacher);

    // Saves: 20 answers of one child each, the children of the savers' families in turn (two saves
    // of one family queue on its lock, as they must; 50 connections on one child measure that lock).
    const children = [];
    for (const f of savers) {
      const { rows } = await db.query(
        'select c.id from cards c join decks d on d.id = c.deck_id where d.student_id = $1 order by c.id',
        [f.students[0]],
      );
      children.push({
        studentId: f.students[0],
        cookie: f.cookie,
        familyId: await familyOf(f.userId),
        cards: rows.map((r) => r.id),
      });
    }
    let n = 0;
    const runId = Date.now().toString(36);
    const save = (asLimit) => () => {
      const child = children[n % children.length];
      const body = JSON.stringify({
        student_id: child.studentId,
        card_results: child.cards.map((id, i) => ({ card_id: id, is_correct: (n + i) % 3 !== 0 })),
        idempotency_key: `bench-pg-${runId}-${n++}`,
      });
      return {
        body,
        headers: asLimit ? { 'x-family-id': String(child.familyId) } : { cookie: child.cookie },
      };
    };
    if (wanted('save')) {
      const spec = { path: '/api/card-performance', method: 'POST', headers: { 'content-type': 'application/json' } };
      const name = `POST /api/card-performance (20 results, ${children.length} families in turn)`;
      const ours = await run(app, name, { ...spec, makeRequest: save(false) }, {});
      const lim = await run(limit, name, { ...spec, makeRequest: save(true) }, {});
      out.api.push({
        endpoint: name,
        ...ours,
        limit: lim,
        ratio: Math.round((ours.requests_per_s / lim.requests_per_s) * 100) / 100,
        cpu_ratio: Math.round((lim.cpu_ms_per_request / ours.cpu_ms_per_request) * 100) / 100,
      });
    }
    await stop(limit);
    limit = null;

    // One request at a time: every budgeted read, its database CPU without 50 requests competing for
    // the cores, nor requests still in flight when a load run's clock stops. First VACUUM ANALYZE
    // (the saves above wrote), then autovacuum paused (nothing writes here; its workers would
    // otherwise count as ended processes) on our own cluster, where we may.
    const paused = wanted('sequential') || schoolClasses.length > 0;
    if (paused) {
      log('PostgreSQL: VACUUM ANALYZE before the one-at-a-time runs');
      await db.query('vacuum analyze');
      out.autovacuum_paused = await db
        .query('alter system set autovacuum = off')
        .then(() => db.query('select pg_reload_conf()'))
        .then(() => true)
        .catch(() => false);
    }
    const sequential = async (name, url, headers) => {
      log(`PostgreSQL (one at a time): ${name}`);
      const r = await sampleLatency(url, headers, {
        pid: app.pid,
        samples: 100,
        warmup: 10,
        beforeMeasured,
        afterMeasured,
      });
      return { endpoint: name, ...r };
    };
    out.sequential = [];
    if (wanted('sequential')) {
      out.sequential.push(
        await sequential('GET /api/decks?student_id= (20 decks)', `${app.url}/api/decks?student_id=${pia}`, auth),
        await sequential('GET /api/progress/{id} (5,000 answers)', `${app.url}/api/progress/${pia}`, auth),
        await sequential('GET /api/progress/{id} (100,000 answers)', `${app.url}/api/progress/${leo}`, auth),
        await sequential('GET /api/students/{id}/review', `${app.url}/api/students/${pia}/review`, auth),
        await sequential('GET /api/progress/students (40 × 50 cards)', `${app.url}${classPath}`, {
          cookie: klass.cookie,
        }),
      );
    }
    if (schoolClasses.length > 0) {
      out.sequential.push(
        await sequential(
          `GET /api/progress/students (school: a class of 30, ${out.answers_written.toLocaleString('en')} answers in the database)`,
          `${app.url}${classPath}`,
          {
            cookie: schoolClasses[0].cookie,
          },
        ),
      );
      out.sequential.push(
        await sequential(
          'GET /api/progress/{id} (school: one pupil)',
          `${app.url}/api/progress/${schoolClasses[0].students[0]}`,
          {
            cookie: schoolClasses[0].cookie,
          },
        ),
      );
    }
    if (out.autovacuum_paused) {
      await db.query('alter system reset autovacuum');
      await db.query('select pg_reload_conf()');
    }
    if (process.env.BENCH_PG_KEEP)
      out.kept = { url: server.url, cookie: family.cookie, pia, leo, teacher: klass.cookie };
    out.budgets = PG_BUDGETS;
    out.peer_ratio_before = PEER_RATIO_BEFORE;
    return out;
  } finally {
    if (app) await stop(app);
    if (limit) await stop(limit);
    await db.end().catch(() => undefined);
    // BENCH_PG_KEEP=1 (with BENCH_KEEP=1, which keeps the run's temp dir): the cluster stays up with
    // its data, to read plans (EXPLAIN) after the run.
    if (process.env.BENCH_PG_KEEP && own) log(`PostgreSQL kept running: ${server.url} (${server.dir})`);
    else await server.stop();
  }
}
