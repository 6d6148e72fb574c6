import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../context';
import { createTestApp, sessionCookie, type TestApp } from '../harness';
import { expectApiError, sendRaw } from '../world';

/**
 * Two app instances on one database, as behind a load balancer: limits hold at the configured
 * number across both, a session made on one works on the other, and signing out on one ends it on both.
 */

const PASSWORD = 'correct horse battery';
const { login: LOGIN } = DEFAULT_RATE_LIMITS;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  b = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS, sameDatabaseAs: a.database });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  sendRaw(t, 'POST', '/api/auth/local/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    remoteAddress,
  });

describe('two app instances on one database', () => {
  it(`hold the sign-in limit at ${LOGIN.max} failures in all, alternating between them`, async () => {
    const user = await a.user('shared-limit');
    const address = '203.0.113.77';
    for (let i = 0; i < LOGIN.max; i++)
      expectApiError(await login(i % 2 ? b : a, user.email, 'wrong password', address), 401);
    for (const t of [a, b]) {
      const res = await login(t, user.email, PASSWORD, address);
      expectApiError(res, 429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('share sessions: made on one, used on the other, ended on one for both', async () => {
    const user = await a.user('shared-session');
    const res = await login(a, user.email, PASSWORD, '203.0.113.78');
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers);
    expect((await b.request('GET', '/api/users/me', { cookie })).status).toBe(200);
    expect((await b.request('GET', '/api/logout', { cookie })).status).toBe(200);
    expect((await a.request('GET', '/api/users/me', { cookie })).status).toBe(401);
    expect((await b.request('GET', '/api/users/me', { cookie })).status).toBe(401);
  });
});
