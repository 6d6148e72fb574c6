import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, tableCounts, testDialect, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (json: unknown) => t.request('POST', '/api/auth/local/signup', { json });

describe('GET /api/health', () => {
  it('reports the database in use', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: testDialect });
  });
});

describe('POST /api/auth/local/signup', () => {
  it('creates the account, signs in, and the cookie is httpOnly and SameSite=Lax', async () => {
    const res = await signup({ email: 'Ana@Example.com', password: 'longenough', name: 'Ana Ruiz' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'Ana@Example.com',
      name: 'Ana Ruiz',
      google_user_data: { picture: null, given_name: 'Ana', name: 'Ana Ruiz' },
    });
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.request('GET', '/api/users/me', { cookie: sessionCookie(res.headers) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('Ana@Example.com');
  });

  it('refuses an email already taken, whatever its case', async () => {
    await signup({ email: 'taken@example.com', password: 'longenough', name: 'A' });
    const res = await signup({ email: 'TAKEN@example.com', password: 'longenough', name: 'B' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_taken');
  });

  it('names every bad field and stores nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await signup({ email: 'not-an-email', password: 'short', name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'name', 'password']);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('accepts passwords of 8 and 128 characters and refuses 7 and 129', async () => {
    const ok8 = await signup({ email: 'p8@example.com', password: 'a'.repeat(8), name: 'P' });
    const ok128 = await signup({ email: 'p128@example.com', password: 'a'.repeat(128), name: 'P' });
    const bad7 = await signup({ email: 'p7@example.com', password: 'a'.repeat(7), name: 'P' });
    const bad129 = await signup({ email: 'p129@example.com', password: 'a'.repeat(129), name: 'P' });
    expect([ok8.status, ok128.status, bad7.status, bad129.status]).toEqual([201, 201, 400, 400]);
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const res = await t.request('POST', '/api/auth/local/signup', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});

describe('POST /api/auth/local/login', () => {
  it('signs in with the right password and issues a new session token each time', async () => {
    await signup({ email: 'login@example.com', password: 'right password', name: 'L' });
    const a = await t.request('POST', '/api/auth/local/login', {
      json: { email: 'LOGIN@example.com', password: 'right password' },
    });
    const b = await t.request('POST', '/api/auth/local/login', {
      json: { email: 'login@example.com', password: 'right password' },
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(sessionCookie(a.headers)).not.toBe(sessionCookie(b.headers));
  });

  it('gives one 401 message for a wrong password and an unknown email', async () => {
    const wrong = await t.request('POST', '/api/auth/local/login', {
      json: { email: 'login@example.com', password: 'nope nope' },
    });
    const unknown = await t.request('POST', '/api/auth/local/login', {
      json: { email: 'nobody@example.com', password: 'nope nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
  });
});

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts for one account', async () => {
    const limited = await createTestApp({ rateLimits: { login: { max: 3, windowMs: 60_000 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.request('POST', '/api/auth/local/login', {
          json: { email: 'x@example.com', password: 'whatever1' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 after too many sign-ups from one address', async () => {
    const limited = await createTestApp({ rateLimits: { signup: { max: 1, windowMs: 60_000 } } });
    try {
      const a = await limited.request('POST', '/api/auth/local/signup', {
        json: { email: 'a@example.com', password: 'longenough', name: 'A' },
      });
      const b = await limited.request('POST', '/api/auth/local/signup', {
        json: { email: 'b@example.com', password: 'longenough', name: 'B' },
      });
      expect([a.status, b.status]).toEqual([201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/logout and sessions', () => {
  it('ends the session on the server', async () => {
    const alice = await t.user('alice');
    expect((await alice.get('/api/users/me')).status).toBe(200);
    expect((await alice.get('/api/logout')).status).toBe(200);
    expect((await alice.get('/api/users/me')).status).toBe(401);
  });

  it('expires a session after the idle timeout', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = await createTestApp({ now: () => now, env: { SESSION_IDLE_DAYS: '1' } });
    try {
      const bob = await clocked.user('bob');
      now = new Date('2026-01-01T23:00:00Z');
      expect((await bob.get('/api/users/me')).status).toBe(200);
      now = new Date('2026-01-03T00:00:00Z');
      expect((await bob.get('/api/users/me')).status).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});

describe('DELETE /api/users/delete-account', () => {
  it('deletes the user and ends their sessions', async () => {
    const carol = await t.user('carol');
    expect((await carol.del('/api/users/delete-account')).status).toBe(200);
    expect((await carol.get('/api/users/me')).status).toBe(401);
    const login = await t.request('POST', '/api/auth/local/login', {
      json: { email: carol.email, password: 'correct horse battery' },
    });
    expect(login.status).toBe(401);
  });
});

describe('HTTP hardening', () => {
  it('sets security headers and no-store on API answers', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const before = await tableCounts(t.db);
    const res = await t.request('POST', '/api/auth/local/signup', {
      json: { email: 'evil@example.com', password: 'longenough', name: 'E' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses form-encoded bodies on JSON routes', async () => {
    const res = await t.request('POST', '/api/auth/local/login', {
      body: 'email=a@example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
  });

  it('answers visitors on private routes with 401 JSON', async () => {
    const res = await t.request('DELETE', '/api/users/delete-account');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.request('POST', '/api/auth/local/login', {
      json: { email: 'a@example.com', password: 'x'.repeat(300 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});
