// Load generation (autocannon, in this process: the servers run in their own) and sequential
// latency sampling for the scale checks.
import http from 'node:http';
import autocannon from 'autocannon';

/** One autocannon run; `requests` may vary each request (setupRequest). */
function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Warm-up (discarded), then the measured run, both with `connections` keep-alive connections.
 * Errors are transport errors, timeouts and every non-2xx answer.
 */
export async function measureLoad({ url, path, method = 'GET', headers = {}, makeBody, connections, warmupS, durationS }) {
  const request = { method, path, headers };
  if (makeBody) request.setupRequest = (req) => ({ ...req, body: makeBody() });
  const base = { url, connections, requests: [request], timeout: 10 };
  if (warmupS > 0) await cannon({ ...base, duration: warmupS });
  const r = await cannon({ ...base, duration: durationS });
  return {
    requests_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
  };
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

/** Latency of one request at a time (no queueing): `samples` timed GETs after `warmup` untimed ones. */
export async function sampleLatency(url, headers, { samples = 200, warmup = 20 } = {}) {
  for (let i = 0; i < warmup; i++) await get(url, headers);
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    const [status] = await get(url, headers);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (status !== 200) throw new Error(`${url}: status ${status}`);
  }
  times.sort((a, b) => a - b);
  const round = (v) => Math.round(v * 100) / 100;
  return { p50_ms: round(quantile(times, 0.5)), p99_ms: round(quantile(times, 0.99)), samples };
}
