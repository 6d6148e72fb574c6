// The limit of this machine on PostgreSQL: a bare node:http server that answers the benchmarked
// endpoints by calling the app's own services and repositories (so the very same SQL, the same
// prepared statements and the same JSON) on the same database, with no framework, session lookup,
// validation or security headers. Whatever the app spends beyond this is the cost of those; the
// SQL's own cost is what the bench's absolute budgets (database CPU per request) judge.
//
// Run by bench/lib/postgres.mjs as `node --import tsx bench/baseline-postgres.ts` with
// BASELINE_DATABASE_URL and PORT. The family comes with each request (`x-family-id` header),
// since the bench reads as several families (a parent, a teacher, the school's classes).
import http from 'node:http';
import { openDatabase } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';
import type { AppDeps, FamilyId } from '../src/server/context';
import type { Config } from '../src/server/config';
import { decksService } from '../src/server/features/decks/decks.service';
import { memoryStates } from '../src/server/features/memory/memory-states.service';
import { reviewQueue } from '../src/server/features/memory/review-queue.service';
import { classProgress } from '../src/server/features/progress/class-progress.service';
import { progressService } from '../src/server/features/progress/progress.service';
import { studyService } from '../src/server/features/study/study.service';

const db = openDatabase({ kind: 'postgres', url: process.env.BASELINE_DATABASE_URL! });
const deps = {
  config: {} as Config,
  db,
  logger: createLogger('warn'),
  now: () => new Date(),
  rateLimits: undefined as never,
} satisfies AppDeps;
const decks = decksService(deps);
const progress = progressService(deps);
const study = studyService(deps);

function send(res: http.ServerResponse, status: number, value: unknown) {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const parts = url.pathname.split('/');
  const family = Number(req.headers['x-family-id']) as FamilyId;
  const who = { familyId: family };
  const tz = url.searchParams.get('tz') ?? 'UTC';
  const now = new Date();
  if (req.method === 'GET') {
    if (url.pathname === '/health') return send(res, 200, { ok: true });
    if (url.pathname === '/api/decks')
      return send(res, 200, await decks.list(who, Number(url.searchParams.get('student_id')), tz));
    if (url.pathname === '/api/progress/students') return send(res, 200, await classProgress(db.kysely, who, tz, now));
    if (parts[2] === 'decks' && parts.length === 4) return send(res, 200, await decks.get(who, Number(parts[3])));
    if (parts[2] === 'progress' && parts.length === 4)
      return send(res, 200, await progress.get(who, Number(parts[3]), tz));
    if (parts[2] === 'students' && parts[4] === 'review' && parts.length === 5)
      return send(res, 200, await reviewQueue(db.kysely, who, { studentId: Number(parts[3]), tz, now }));
    if (parts[2] === 'students' && parts[4] === 'memory-states' && parts.length === 5)
      return send(res, 200, await memoryStates(db.kysely, who, { studentId: Number(parts[3]), tz, now }));
  }
  if (req.method === 'POST' && url.pathname === '/api/card-performance') {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return send(res, 201, await study.savePerformance(who, JSON.parse(Buffer.concat(chunks).toString())));
  }
  send(res, 404, { error: 'Not found', code: 'not_found' });
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((err: { status?: number; message?: string }) =>
    send(res, err.status ?? 500, { error: String(err.message ?? err), code: 'error' }),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
const shutdown = () => server.close(() => void db.close().then(() => process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
