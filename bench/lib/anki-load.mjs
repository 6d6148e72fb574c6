// Imports never stall other people (issue 24, item 6): one family previews and imports a
// 10,000-note package whose fronts hold about 25 KB of nested HTML each, three times at once, while
// a family next door lists its decks (GET /api/decks) one request after another. Measures the
// neighbour's latency (target p99 ≤ 200 ms) and the server's peak RSS (target < 500 MB).
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { get } from './load.mjs';
import { apiClient } from './seed.mjs';
import { rssMb, startApp, stop } from './servers.mjs';

// Fronts of 18 KB, not the 25 KB: 10,000 × 25 KB of HTML alone is past the 256 MB a package may
// unpack to (ANKI_UNCOMPRESSED_MAX_BYTES), so such a package is refused as zip_bomb before any note is read.
export const ANKI_LOAD_SIZES = { notes: 10_000, frontKb: 18, atOnce: 3 };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The package, built with the test suite's fixture builder (cached in `tmp`: it takes a while). */
async function heavyPackage(tmp) {
  const file = path.join(tmp, `anki-load-${ANKI_LOAD_SIZES.notes}x${ANKI_LOAD_SIZES.frontKb}.apkg`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const { buildApkg, heavyNotes } = await tsImport('../../src/server/testing/apkg-fixture.ts', import.meta.url);
  const apkg = await buildApkg({
    format: 'anki21b',
    noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
    notes: heavyNotes(ANKI_LOAD_SIZES.notes, ANKI_LOAD_SIZES.frontKb),
  });
  fs.writeFileSync(file, apkg);
  return apkg;
}

async function family(url, name) {
  const api = apiClient(url);
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await api.call('POST', '/api/auth/local/signup', { email, password: 'correct horse battery', name });
  return api;
}

/** POST /api/imports/anki; the status and how long it took (a refusal is an outcome, not a failure of the bench). */
async function send(url, cookie, apkg, fields) {
  const form = new FormData();
  form.set('file', new Blob([apkg]), 'heavy.apkg');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/imports/anki`, { method: 'POST', body: form, headers: { cookie } });
  const body = await res.json().catch(() => null);
  return { status: res.status, code: body?.code ?? null, ms: Math.round(performance.now() - t0) };
}

export async function ankiLoad({ cfg, tmp, log }) {
  log(
    `anki-load: building a ${ANKI_LOAD_SIZES.notes.toLocaleString('en')}-note package of ${ANKI_LOAD_SIZES.frontKb} KB fronts`,
  );
  const apkg = await heavyPackage(tmp);
  const app = await startApp({
    buildDir: cfg.buildDir,
    dataDir: path.join(tmp, 'anki-load'),
    logFile: path.join(tmp, 'anki-load.log'),
  });
  try {
    const heavy = await family(app.url, 'heavy');
    const neighbour = await family(app.url, 'neighbour');
    for (let i = 0; i < 5; i++) await neighbour.call('POST', '/api/decks', { title: `Deck ${i}`, student_id: null });
    const cookieOf = (api) => api.cookie;
    const headers = { cookie: cookieOf(neighbour) };
    let peak = rssMb(app.pid) ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid) ?? 0)), 100);
    const mapping = JSON.stringify({ 1600000000000: { en: 0, es: 1 } });
    log(`anki-load: ${(apkg.length / 1e6).toFixed(1)} MB, ${ANKI_LOAD_SIZES.atOnce} previews + imports at once`);
    let running = true;
    const started = performance.now();
    const chains = Array.from({ length: ANKI_LOAD_SIZES.atOnce }, async () => {
      const preview = await send(app.url, cookieOf(heavy), apkg, { dry_run: 'true' });
      const imported = await send(app.url, cookieOf(heavy), apkg, { mapping });
      return { preview, import: imported };
    });
    const done = Promise.all(chains).finally(() => (running = false));
    const times = [];
    while (running) {
      const t0 = process.hrtime.bigint();
      const [status] = await get(`${app.url}/api/decks`, headers);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (status !== 200) throw new Error(`GET /api/decks: ${status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const outcomes = await done;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(app.pid) ?? 0);
    times.sort((a, b) => a - b);
    const round = (v) => Math.round(v * 10) / 10;
    return {
      sizes: ANKI_LOAD_SIZES,
      package_bytes: apkg.length,
      total_ms: Math.round(performance.now() - started),
      neighbour_decks_ms: {
        samples: times.length,
        p50: round(pct(times, 50)),
        p95: round(pct(times, 95)),
        p99: round(pct(times, 99)),
        max: round(times.at(-1)),
      },
      peak_rss_mb: peak,
      heavy_family: outcomes,
    };
  } finally {
    await stop(app);
  }
}
