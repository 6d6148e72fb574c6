// `npm run bench`: API throughput against this machine's limit, scale, pictures, static assets,
// first-view bundle size and Lighthouse page scores. Prints a table and writes bench/results/latest.json.
//
// Environment (all optional):
//   BENCH_DURATION     seconds of each measured load run (10)      BENCH_WARMUP   warm-up seconds (3)
//   BENCH_CONNECTIONS  concurrent connections (50)                  BENCH_ROUNDS   load rounds, median kept (1)
//   BENCH_ONLY         comma list of api,scale,pictures,uploads,imports,anki-load,anki-import,paste,play,static,bundle,pages,postgres (all)
//                      and share-fanout (only when named: one edit to a deck 30 families added, in-process via tsx)
//   BENCH_DATABASE_URL postgres://… for the postgres section (a fresh database is made beside it and dropped);
//                      without it a throw-away cluster is started (initdb, own port, pg_stat_statements)
//   BENCH_SCHOOL=1     the postgres section adds a school: 1,200 students in 40 classes, 7.92M answers
//   BENCH_SCHOOL_DAYS  the school's school days (200; fewer for a smaller school history)
//   BENCH_PG_ONLY      comma list of the postgres section's runs: decks,deck,progress,review,memory,class,save,sequential
//   BENCH_PG_KEEP=1    with BENCH_KEEP=1: the throw-away cluster stays up after the run (to read plans)
//   BENCH_BUILD_DIR    the build to measure (dist; `npm run build` first when missing or older than src;
//                      BENCH_NO_BUILD=1 measures it as it is)
//   BENCH_PROFILE=1    write a V8 CPU profile of the app server to bench/results/profiles/
//   BENCH_OUT          result file (bench/results/latest.json)     BENCH_KEEP=1   keep the temp data dir
//   BENCH_ARTIFACTS    a folder for each page's Lighthouse report and final screenshot
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureFirstView } from '../scripts/check-bundle-size.mjs';
import { ensureBuild, machine } from './lib/build.mjs';
import { pictureFigures, staticFigures } from './lib/checks.mjs';
import { ankiLoad } from './lib/anki-load.mjs';
import { ankiImportFigures } from './lib/anki-import.mjs';
import { importFigures } from './lib/imports.mjs';
import { pastePreviewFigures } from './lib/paste-preview.mjs';
import { playRoundFigures } from './lib/play-rounds.mjs';
import { get, measureLoad, sampleLatency } from './lib/load.mjs';
import { auditedPages, auditPages, checkInstallability } from './lib/pages.mjs';
import { makeJpeg } from './lib/picture.mjs';
import { postgresBench } from './lib/postgres.mjs';
import { printReport, TARGETS } from './lib/report.mjs';
import { SIZES, apiClient, seedBulk, seedThroughApi } from './lib/seed.mjs';
import { CLASS_SIZES } from './lib/seed-class.mjs';
import { rssMb, startApp, startBaseline, stop } from './lib/servers.mjs';
import { uploadStall } from './lib/upload-stall.mjs';

const env = process.env;
const cfg = {
  durationS: Number(env.BENCH_DURATION ?? 10),
  warmupS: Number(env.BENCH_WARMUP ?? 3),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS ?? 1)),
  only: new Set(
    (
      env.BENCH_ONLY ??
      'api,scale,pictures,uploads,imports,anki-load,anki-import,paste,play,static,bundle,pages,postgres'
    )
      .split(',')
      .map((s) => s.trim()),
  ),
  buildDir: path.resolve(env.BENCH_BUILD_DIR ?? 'dist'),
  profile: env.BENCH_PROFILE === '1',
  out: path.resolve(env.BENCH_OUT ?? 'bench/results/latest.json'),
};
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

const median = (runs) => [...runs].sort((a, b) => a.requests_per_s - b.requests_per_s)[Math.floor(runs.length / 2)];

/** Ours and the limit back to back, in alternating order over the rounds; the median round of each. */
async function compare(endpoint, app, limit, spec) {
  const ours = [];
  const lim = [];
  for (let r = 0; r < cfg.rounds; r++) {
    const order =
      r % 2
        ? [
            [limit, lim],
            [app, ours],
          ]
        : [
            [app, ours],
            [limit, lim],
          ];
    for (const [server, runs] of order) {
      log(`${endpoint}: ${server.name} (round ${r + 1}/${cfg.rounds})`);
      runs.push(
        await measureLoad({
          ...spec(server),
          url: server.url,
          pid: server.pid,
          connections: cfg.connections,
          warmupS: cfg.warmupS,
          durationS: cfg.durationS,
        }),
      );
    }
  }
  const o = median(ours);
  const l = median(lim);
  const cpuRatio = o.cpu_ms_per_request && l.cpu_ms_per_request ? l.cpu_ms_per_request / o.cpu_ms_per_request : null;
  return {
    endpoint,
    ours: o,
    limit: l,
    ratio: Math.round((o.requests_per_s / l.requests_per_s) * 100) / 100,
    // limit CPU per request / ours: what the ratio tends to when the server is CPU-bound on a quiet machine.
    cpu_ratio: cpuRatio === null ? null : Math.round(cpuRatio * 100) / 100,
  };
}

async function main() {
  const results = { machine: machine(), config: { ...cfg, only: [...cfg.only] }, sizes: SIZES };
  if (cfg.only.has('share-fanout')) {
    // In-process on the sources (tsx): rows written and time per edit of a card that 30 families follow.
    log('share-fanout: one card of a deck shared with 30 families, edited 200 times');
    const run = spawnSync('npx', ['tsx', 'bench/lib/share-fanout.ts'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`share-fanout failed: ${run.stderr}`);
    results.share_fanout = JSON.parse(run.stdout);
    cfg.only.delete('share-fanout');
    if (cfg.only.size === 0) {
      console.log(JSON.stringify(results.share_fanout, null, 2));
      return;
    }
  }
  ensureBuild(cfg.buildDir, { skipWhenStale: env.BENCH_NO_BUILD === '1', log });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-'));
  const appData = path.join(tmp, 'app');
  const limitData = path.join(tmp, 'limit');
  fs.mkdirSync(limitData, { recursive: true });
  const profileDir = cfg.profile ? path.resolve('bench/results/profiles') : null;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const servers = [];
  const sqliteSections = [...cfg.only].some((s) => s !== 'postgres' && s !== 'anki-load' && s !== 'anki-import');
  try {
    if (cfg.only.has('anki-load')) {
      // Its own server: one family's heavy packages against another family's deck list.
      results.anki_load = await ankiLoad({ cfg, tmp, log });
    }
    if (cfg.only.has('anki-import')) {
      // Its own server: a long import left running, with the CPU split by what it was doing.
      results.anki_import = await ankiImportFigures({ cfg, tmp, log });
    }
    if (cfg.only.has('postgres')) {
      results.postgres = await postgresBench({
        cfg,
        tmp,
        log,
        school: env.BENCH_SCHOOL === '1',
        schoolDays: env.BENCH_SCHOOL_DAYS ? Number(env.BENCH_SCHOOL_DAYS) : undefined,
      });
    }
    sqlite: {
      if (!sqliteSections) break sqlite;
      log('making the 4000×3000 test photo');
      const jpeg = await makeJpeg('photo');

      log('seeding through the API');
      const first = await startApp({
        buildDir: cfg.buildDir,
        dataDir: appData,
        logFile: path.join(tmp, 'app-seed.log'),
      });
      const seeded = await seedThroughApi(first.url, jpeg).finally(() => stop(first));
      log('seeding bulk rows into SQLite');
      results.rows = seedBulk(path.join(appData, 'flashcards.db'), seeded);
      fs.copyFileSync(path.join(appData, 'flashcards.db'), path.join(limitData, 'flashcards.db'));

      const app = await startApp({
        buildDir: cfg.buildDir,
        dataDir: appData,
        logFile: path.join(tmp, 'app.log'),
        profileDir,
      });
      servers.push(app);
      const limit = await startBaseline({
        dbFile: path.join(limitData, 'flashcards.db'),
        familyId: seeded.familyId,
        logFile: path.join(tmp, 'limit.log'),
      });
      servers.push(limit);
      const cookie = seeded.cookie;
      const auth = { cookie };
      const { ana, ben, cleo, dan, eve } = seeded.students;
      const api = apiClient(app.url);
      const deck = await api.call('GET', `/api/decks/${seeded.deckId}`, undefined, auth);
      const cardIds = deck.cards.slice(0, 20).map((c) => c.id);
      // The data is what the figures claim, or the run stops here.
      const decksOfAna = await api.call('GET', `/api/decks?student_id=${ana}`, undefined, auth);
      const progressOfBen = await api.call('GET', `/api/progress/${ben}`, undefined, auth);
      const expectedSessions = Math.ceil(SIZES.resultsOfBen / SIZES.resultsPerSession);
      if (decksOfAna.length !== SIZES.decksOfAna || deck.cards.length !== SIZES.cardsPerDeck)
        throw new Error('seeding: deck counts are off');
      if (
        progressOfBen.overall_statistics.total_sessions !== expectedSessions ||
        progressOfBen.deck_statistics.length !== SIZES.decksOfBen
      ) {
        throw new Error(
          `seeding: Ben's progress is not what was seeded: ${JSON.stringify(progressOfBen.overall_statistics)}`,
        );
      }
      const reviewOfEve = await api.call('GET', `/api/students/${eve}/review`, undefined, auth);
      const eveMemory = SIZES.decksOfEve * SIZES.knownPerDeckOfEve;
      if (results.rows.memory_states < eveMemory || reviewOfEve.cards.length === 0) {
        throw new Error(`seeding: Eve's review is not what was seeded: ${JSON.stringify(reviewOfEve.counts)}`);
      }
      results.seed_check = {
        ana_decks: decksOfAna.length,
        ben_sessions: progressOfBen.overall_statistics.total_sessions,
        ben_problem_cards: progressOfBen.problematic_cards.length,
        ben_cards_learned: progressOfBen.memory_statistics.cards_learned,
        eve_memory_rows: eveMemory,
        eve_review_counts: reviewOfEve.counts,
      };

      const reads = [
        ['GET /api/decks?student_id=', `/api/decks?student_id=${ana}`],
        ['GET /api/decks/{id}', `/api/decks/${seeded.deckId}`],
        ['GET /api/progress/{id}', `/api/progress/${ben}`],
        ['GET /api/images/{key}', `/api/images/${seeded.imageKey}`],
        ['GET /api/students/{id}/review', `/api/students/${eve}/review`],
      ];

      if (cfg.only.has('api')) {
        // Both servers must answer the very same bytes, or the comparison means nothing.
        results.same_bytes = {};
        for (const [name, p] of reads) {
          const [[s1, b1], [s2, b2]] = [await get(app.url + p, auth), await get(limit.url + p)];
          results.same_bytes[name] = s1 === 200 && s2 === 200 && b1.equals(b2);
          if (!results.same_bytes[name]) log(`WARNING: ${name}: the app and the limit answer different bytes`);
        }
        results.api = [];
        for (const [name, p] of reads) {
          results.api.push(await compare(name, app, limit, (s) => ({ path: p, headers: s === app ? auth : {} })));
        }
        let n = 0;
        const runId = Date.now().toString(36);
        // Each save also moves the memory of its cards (spaced repetition), as a study session's does.
        const body = (count) => () =>
          JSON.stringify({
            student_id: ana,
            card_results: cardIds.slice(0, count).map((id, i) => ({ card_id: id, is_correct: (n + i) % 3 !== 0 })),
            idempotency_key: `bench-${runId}-${n++}`,
          });
        for (const count of [10, 20]) {
          results.api.push(
            await compare(
              `POST /api/card-performance${count === 10 ? '' : ` (${count} results)`}`,
              app,
              limit,
              (s) => ({
                path: '/api/card-performance',
                method: 'POST',
                headers: { 'content-type': 'application/json', ...(s === app ? auth : {}) },
                makeBody: body(count),
              }),
            ),
          );
        }
        results.rss_after_api_mb = rssMb(app.pid);
      }

      if (cfg.only.has('scale')) {
        log('scale: progress at 1,000 vs 100,000 card results; deck list of 1,000 decks');
        const small = await sampleLatency(`${app.url}/api/progress/${cleo}`, auth, { pid: app.pid });
        const large = await sampleLatency(`${app.url}/api/progress/${ben}`, auth, { pid: app.pid });
        const manyDecks = await sampleLatency(`${app.url}/api/decks?student_id=${dan}`, auth, {
          samples: 100,
          warmup: 5,
          pid: app.pid,
        });
        // For reference only: null when the limit cannot answer (e.g. measuring an older build).
        const orNull = (p) => p.catch(() => null);
        const limitSmall = await orNull(sampleLatency(`${limit.url}/api/progress/${cleo}`, {}, { pid: limit.pid }));
        const limitLarge = await orNull(sampleLatency(`${limit.url}/api/progress/${ben}`, {}, { pid: limit.pid }));
        log('scale: review of 50,000 memory rows over 200 decks, one request at a time');
        const review = await sampleLatency(`${app.url}/api/students/${eve}/review`, auth, { pid: app.pid });
        const limitReview = await orNull(
          sampleLatency(`${limit.url}/api/students/${eve}/review`, {}, { pid: limit.pid }),
        );
        log('scale: all students of a class, 40 students × 50 decks');
        const classAuth = { cookie: seeded.classFamily.cookie };
        const classPath = '/api/progress/students?tz=Europe%2FMadrid';
        const classCheck = await api.call('GET', classPath, undefined, classAuth);
        if (
          classCheck.students.length !== CLASS_SIZES.students ||
          !classCheck.students.every((s) => s.cards_learned > 0)
        )
          throw new Error(`seeding: the class is not what was seeded: ${JSON.stringify(classCheck.students[0])}`);
        const allStudents = await sampleLatency(`${app.url}${classPath}`, classAuth, { pid: app.pid });
        results.scale = {
          all_students_40x50: allStudents,
          progress_1k: small,
          progress_100k: large,
          progress_p50_ratio: Math.round((large.p50_ms / small.p50_ms) * 100) / 100,
          limit_progress_1k: limitSmall,
          limit_progress_100k: limitLarge,
          deck_list_1000: manyDecks,
          review_50k: review,
          limit_review_50k: limitReview,
        };
      }

      if (cfg.only.has('pictures')) {
        log('pictures');
        results.pictures = {
          input_bytes: seeded.upload.inputBytes,
          upload_ms: Math.round(seeded.upload.uploadMs),
          ...(await pictureFigures(app.url, cookie, seeded.imageKey)),
        };
        // Worst case, for information: a picture with independent colour noise (a deck with no student).
        const worst = await makeJpeg('colour-noise');
        const spare = await api.call('POST', '/api/decks', { title: 'Pictures', student_id: null }, auth);
        const form = new FormData();
        form.set('deck_id', String(spare.id));
        form.set('en', 'noise');
        form.set('es', 'ruido');
        form.set('front_image', new Blob([worst], { type: 'image/jpeg' }), 'noise.jpg');
        const card = await api.call('POST', '/api/cards', form, auth);
        const w = await pictureFigures(app.url, cookie, card.front_image_key);
        results.pictures.worst_case = { input_bytes: worst.length, stored_bytes: w.stored_bytes };
      }

      if (cfg.only.has('uploads')) {
        log('uploads under attack (four 1 × 49,000,000 PNGs against 64 × 64 uploads)');
        results.uploads = await uploadStall(app.url, tmp);
      }

      if (cfg.only.has('imports')) {
        log('imports: cards/bulk and an Anki package');
        results.imports = await importFigures(app.url, cookie, app.pid, log);
      }

      if (cfg.only.has('paste')) {
        log('paste: 5,000 rows into Import cards, in Chromium');
        results.paste = await pastePreviewFigures(app.url, cookie, seeded.deckId, log);
      }

      if (cfg.only.has('play')) {
        log('play: round generation over a 500-card deck');
        results.play = await playRoundFigures();
      }

      const clientDir = path.join(cfg.buildDir, 'client');
      const firstView = measureFirstView(clientDir);
      if (cfg.only.has('bundle')) results.bundle = firstView;
      if (cfg.only.has('static')) {
        log('static assets');
        results.static = await staticFigures(
          app.url,
          clientDir,
          // The files only: the inline scripts come with index.html.
          firstView.files.map((f) => f.file).filter((f) => !f.startsWith('index.html')),
        );
      }

      results.rss_after_runs_mb = rssMb(app.pid);

      if (cfg.only.has('pages')) {
        log('Lighthouse (mobile) on home, deck detail, study, progress');
        results.pages = await auditPages(app.url, cookie, auditedPages(seeded.deckId, { ana, ben }));
        results.rss_after_pages_mb = rssMb(app.pid);
        results.installability = await checkInstallability(app.url);
      }
    }
    results.machine.load_average_at_end = os.loadavg().map((v) => Math.round(v * 100) / 100);
  } finally {
    for (const s of servers.reverse()) await stop(s);
    if (env.BENCH_KEEP === '1') log(`data kept in ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  results.targets = TARGETS;
  const verdicts = printReport(results);
  results.verdicts = verdicts;
  fs.mkdirSync(path.dirname(cfg.out), { recursive: true });
  fs.writeFileSync(cfg.out, JSON.stringify(results, null, 2) + '\n');
  log(`wrote ${path.relative(process.cwd(), cfg.out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
