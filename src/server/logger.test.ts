import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBugAdminPassword } from './features/bugs';
import { createLogger } from './logger';
import { createTestApp, type TestApp } from './testing/harness';

type Line = { level: string; time: string; msg: string; reqId?: string } & Record<string, unknown>;

const lines: string[] = [];
const parsed = () => lines.map((l) => JSON.parse(l) as Line);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BUG_ADMIN_PASSWORD: 'close-sesame' }, log: (l) => lines.push(l) });
  await ensureBugAdminPassword(t.deps);
});
afterAll(() => t?.close());

/** Closes a fresh bug with these request headers and returns the line it logged. */
async function closeBug(headers: Record<string, string>): Promise<Line> {
  const u = await t.user();
  const bug = await u.post('/api/bugs', { title: 'Typo', description: 'On the home page' });
  const res = await u.request('DELETE', `/api/bugs/${bug.body.id}`, { json: { password: 'close-sesame' }, headers });
  expect(res.status).toBe(200);
  return parsed().findLast((l) => l.msg === 'bug closed')!;
}

describe('the log', () => {
  it("tags a request's lines with the client's X-Request-Id", async () => {
    const line = await closeBug({ 'x-request-id': 'edge-7f3a9c01' });
    expect(line).toMatchObject({ level: 'info', reqId: 'edge-7f3a9c01', bugId: expect.any(Number) });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('gives a request without a usable X-Request-Id a new one', async () => {
    const ids = [
      (await closeBug({})).reqId,
      (await closeBug({ 'x-request-id': 'two words' })).reqId,
      (await closeBug({ 'x-request-id': 'x'.repeat(500) })).reqId,
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('tags lines logged outside a request with no request id', () => {
    const line = parsed().find((l) => l.msg === 'bug board admin password set from BUG_ADMIN_PASSWORD');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('reqId');
  });

  it('redacts credentials in anything logged whole: headers, bodies, tokens, OAuth codes', () => {
    const out: string[] = [];
    const log = createLogger('info', (l) => out.push(l));
    log.warn(
      {
        headers: { cookie: 'session=s3cret-cookie', authorization: 'Bearer s3cret-bearer', accept: 'application/json' },
        body: { email: 'a@example.com', password: 's3cret-password', code: 's3cret-code', state: 's3cret-state' },
        tokens: { access_token: 's3cret-access', id_token: 's3cret-id', refresh_token: 's3cret-refresh' },
        err: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      },
      'a careless line',
    );
    expect(out).toHaveLength(1);
    expect(out[0]).not.toMatch(/s3cret/);
    const line = JSON.parse(out[0]!);
    expect(line.headers.accept).toBe('application/json');
    expect(line.body.email).toBe('a@example.com');
    expect(line.err).toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
  });

  it('writes only lines at or above LOG_LEVEL', () => {
    const seen = (level: 'debug' | 'info' | 'warn' | 'error' | 'silent') => {
      const out: string[] = [];
      const log = createLogger(level, (l) => out.push(l));
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
      return out.map((l) => JSON.parse(l).level);
    };
    expect(seen('debug')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(seen('warn')).toEqual(['warn', 'error']);
    expect(seen('silent')).toEqual([]);
  });
});
