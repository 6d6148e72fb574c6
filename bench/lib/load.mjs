// Load generation (autocannon, in this process: the servers run in their own) and sequential
// latency sampling for the scale checks.
import http from 'node:http';
import autocannon from 'autocannon';
import { cpuMs } from './servers.mjs';

/** One autocannon run; `requests` may vary each request (setupRequest). */
function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Warm-up (discarded), then the measured run, both with `connections` keep-alive connections.
 * Errors are transport errors, timeouts and every non-2xx answer. `cpu_ms_per_request` is the
 * server process's CPU time over the measured run per answer: unlike req/s it hardly changes when
 * other programs compete for the cores, so it is the figure to compare on a busy machine.
 */
export async function measureLoad({
  url,
  path,
  method = 'GET',
  headers = {},
  makeBody,
  makeRequest,
  connections,
  warmupS,
  durationS,
  pid,
  beforeMeasured,
  afterMeasured,
}) {
  const request = { method, path, headers };
  if (makeBody) request.setupRequest = (req) => ({ ...req, body: makeBody() });
  // `makeRequest` (optional): each request's own headers and body, e.g. another family's save.
  if (makeRequest)
    request.setupRequest = (req) => {
      const r = makeRequest();
      return { ...req, body: r.body, headers: { ...req.headers, ...r.headers } };
    };
  const base = { url, connections, requests: [request], timeout: 10 };
  if (warmupS > 0) {
    await cannon({ ...base, duration: warmupS });
    // Let the server finish what the warm-up left queued before the clock starts.
    await settle(url);
  }
  if (beforeMeasured) await beforeMeasured();
  const cpuBefore = pid ? cpuMs(pid) : null;
  const r = await cannon({ ...base, duration: durationS });
  const cpuAfter = pid ? cpuMs(pid) : null;
  const answered = r.requests.total;
  // `beforeMeasured`/`afterMeasured` (optional): e.g. the database's own CPU over the measured run.
  const extra = afterMeasured ? await afterMeasured(answered) : {};
  return {
    requests_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: answered,
    cpu_ms_per_request:
      cpuBefore !== null && answered > 0 ? Math.round(((cpuAfter - cpuBefore) / answered) * 1000) / 1000 : null,
    ...extra,
  };
}

/** Waits until the server answers a request to an unknown path quickly (its queue is empty). */
async function settle(url) {
  for (let i = 0; i < 50; i++) {
    const t = Date.now();
    await fetch(`${url}/__bench_settle`)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    if (Date.now() - t < 20) return;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, the body read in full; resolves to [status, body]. */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve([res.statusCode, Buffer.concat(chunks), res.headers]));
    });
    req.on('error', reject);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Latency of one request at a time (no queueing): `samples` timed GETs after `warmup` untimed ones;
 * `beforeMeasured`/`afterMeasured` (optional) run around the timed ones only.
 */
export async function sampleLatency(
  url,
  headers,
  { samples = 200, warmup = 20, pid, beforeMeasured, afterMeasured } = {},
) {
  for (let i = 0; i < warmup; i++) await get(url, headers);
  if (beforeMeasured) await beforeMeasured();
  const cpuBefore = pid ? cpuMs(pid) : null;
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    const [status] = await get(url, headers);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (status !== 200) throw new Error(`${url}: status ${status}`);
  }
  const cpu = pid ? cpuMs(pid) - cpuBefore : null;
  const extra = afterMeasured ? await afterMeasured(samples) : {};
  times.sort((a, b) => a - b);
  const round = (v) => Math.round(v * 100) / 100;
  return {
    p50_ms: round(quantile(times, 0.5)),
    p95_ms: round(quantile(times, 0.95)),
    p99_ms: round(quantile(times, 0.99)),
    samples,
    ...(pid ? { cpu_ms_per_request: round(cpu / samples) } : {}),
    ...extra,
  };
}
