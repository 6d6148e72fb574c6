// Lighthouse A/B of two builds on the same data, run alternately so that both see the same load
// on a shared machine: node bench/ab-pages.mjs <buildDirA> <buildDirB> [rounds=3] [out.json]
// Seeds as bench/run.mjs does (through the API, then the bulk rows), copies the database for the
// second server, and audits home, deck detail, study and progress with bench/lib/pages.mjs, one run
// of A then one of B per page and round. BENCH_ARTIFACTS as in run.mjs (a folder per build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditedPages, auditPages } from './lib/pages.mjs';
import { makeJpeg } from './lib/picture.mjs';
import { seedBulk, seedThroughApi } from './lib/seed.mjs';
import { startApp, stop } from './lib/servers.mjs';

const [buildA, buildB, roundsArg, outFile] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-ab-'));
const dirs = { A: path.join(tmp, 'a'), B: path.join(tmp, 'b') };
for (const d of Object.values(dirs)) fs.mkdirSync(d);
const log = (m) => console.error(`[ab] ${m}`);

const first = await startApp({ buildDir: buildB, dataDir: dirs.B, logFile: path.join(tmp, 'seed.log') });
const seeded = await seedThroughApi(first.url, await makeJpeg('photo')).finally(() => stop(first));
seedBulk(path.join(dirs.B, 'flashcards.db'), seeded);
fs.copyFileSync(path.join(dirs.B, 'flashcards.db'), path.join(dirs.A, 'flashcards.db'));
const servers = {
  A: await startApp({ buildDir: buildA, dataDir: dirs.A, logFile: path.join(tmp, 'a.log') }),
  B: await startApp({ buildDir: buildB, dataDir: dirs.B, logFile: path.join(tmp, 'b.log') }),
};
const pages = auditedPages(seeded.deckId, seeded.students);
const results = [];
const artifacts = process.env.BENCH_ARTIFACTS;
try {
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const build of ['A', 'B']) {
        if (artifacts) process.env.BENCH_ARTIFACTS = path.join(artifacts, `${build}-round${round}`);
        const [res] = await auditPages(servers[build].url, seeded.cookie, [page], 1);
        const run = res.runs?.[0] ?? {};
        results.push({ round, build, page: page.name, ...run, long_tasks: undefined });
        log(
          `round ${round} ${page.name} ${build}: ${run.performance} load ${run.load_average} bi ${run.benchmark_index} FCP ${run.fcp_ms} LCP ${run.lcp_ms} TBT ${run.tbt_ms}`,
        );
      }
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => stop(s)));
  fs.rmSync(tmp, { recursive: true, force: true });
}
const out = JSON.stringify({ buildA, buildB, results }, null, 1);
if (outFile) fs.writeFileSync(outFile, out);
else console.log(out);
