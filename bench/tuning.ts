// `npx tsx bench/tuning.ts` (issue 26): how long tuning one child's 5,000 answers takes, and what
// the app's other requests see meanwhile. Builds the real app on a temp SQLite database, serves it
// on 127.0.0.1, writes 5,000 answers over 60 days straight into the review log, then asks for a
// tuning through the API while one client keeps asking for the review queue (a request every
// 20 ms) and the event loop's delay is sampled. Prints the figures as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';
import { seedCards, seedDeck, seedStudent } from '../src/server/testing/seed-study';

const ANSWERS = 5_000;
const CARDS = 500;
const DAY = 86_400_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tuning-'));
const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
await migrate(db);
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
const { app } = createApp({ config, db, logger: createLogger('silent') });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const signup = await fetch(`${base}/api/auth/local/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' }),
});
const cookie = signup.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const userId = ((await signup.json()) as { id: number }).id;
const studentId = await seedStudent(db, userId, 'Lea');
const deckId = await seedDeck(db, userId, { studentId, title: 'Animals' });
const cards = await seedCards(db, deckId, CARDS);

// 5,000 answers: 500 cards each reviewed every 1 + 0.8 × round days (about 85 % remembered), over 60 days.
let seed = 26;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const now = Date.now();
const rows = [];
for (let round = 0; rows.length < ANSWERS && round < 30; round++) {
  for (const card of cards) {
    const gaps = Array.from({ length: round }, (_, r) => 1 + 0.8 * r).reduce((a, b) => a + b, 0);
    const when = now - 60 * DAY + (card % 10) * DAY + gaps * DAY + rand() * 3_600_000;
    if (when > now || rows.length >= ANSWERS) continue;
    const iso = new Date(when).toISOString();
    rows.push({
      student_id: studentId,
      card_id: card,
      rating: rand() < 0.85 ? 'good' : 'again',
      reviewed_at: iso,
      duration_ms: null,
      created_at: iso,
    });
  }
}
for (let i = 0; i < rows.length; i += 500)
  await db.kysely
    .insertInto('review_logs')
    .values(rows.slice(i, i + 500))
    .execute();

const get = async (url: string) => {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  await res.arrayBuffer();
  return performance.now() - t0;
};
// Warm up the review queue route.
for (let i = 0; i < 20; i++) await get(`/api/students/${studentId}/review?tz=UTC`);

const loop = monitorEventLoopDelay({ resolution: 5 });
const latencies: number[] = [];
let running = true;
const client = (async () => {
  while (running) {
    latencies.push(await get(`/api/students/${studentId}/review?tz=UTC`));
    await new Promise((r) => setTimeout(r, 20));
  }
})();

loop.enable();
const started = performance.now();
const queued = await fetch(`${base}/api/students/${studentId}/schedule/tune`, {
  method: 'POST',
  headers: { cookie, origin: base },
});
if (queued.status !== 202) throw new Error(`tune: ${queued.status} ${await queued.text()}`);
let schedule: { tuning: { status: string; kept: boolean | null; reason: string | null }; evaluation: unknown };
for (;;) {
  const res = await fetch(`${base}/api/students/${studentId}/schedule`, { headers: { cookie } });
  schedule = (await res.json()) as typeof schedule;
  if (!['queued', 'running'].includes(schedule.tuning.status)) break;
  await new Promise((r) => setTimeout(r, 25));
}
const tuningMs = performance.now() - started;
loop.disable();
running = false;
await client;

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
console.log(
  JSON.stringify(
    {
      answers: rows.length,
      tuning_ms: Math.round(tuningMs),
      tuning: schedule.tuning,
      evaluation: schedule.evaluation,
      review_requests_during: latencies.length,
      review_p50_ms: +pct(0.5).toFixed(1),
      review_p99_ms: +pct(0.99).toFixed(1),
      review_max_ms: +sorted.at(-1)!.toFixed(1),
      event_loop_delay_p99_ms: +(loop.percentile(99) / 1e6).toFixed(1),
      event_loop_delay_max_ms: +(loop.max / 1e6).toFixed(1),
      targets: { tuning_ms: 10_000, review_p99_ms: 100 },
    },
    null,
    2,
  ),
);
server.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
