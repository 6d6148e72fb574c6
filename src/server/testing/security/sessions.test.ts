import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, tableCounts, type TestApp } from '../harness';
import { snapshot } from '../world';

/**
 * Session cookies and their lifetime: attributes, a fresh token at every sign-in (no fixation),
 * and every way a session ends (logout, account deletion, idle and absolute timeouts).
 */

const PASSWORD = 'correct horse battery';
const HOUR = 60 * 60 * 1000;

/** The attributes of a Set-Cookie header, lower-cased names. */
function attributes(setCookie: string): Map<string, string> {
  const [, ...parts] = setCookie.split(';').map((p) => p.trim());
  return new Map(
    parts.map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p.toLowerCase(), ''] : [p.slice(0, i).toLowerCase(), p.slice(i + 1)];
    }),
  );
}
const setCookieOf = (headers: Headers, name: RegExp) => headers.getSetCookie().find((c) => name.test(c)) ?? '';
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

let clock = Date.parse('2031-03-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_DAYS: '1', SESSION_MAX_DAYS: '3' }, now: () => new Date(clock) });
});
afterAll(() => t?.close());

const login = (email: string, cookie?: string, password = PASSWORD) =>
  t.request('POST', '/api/auth/local/login', { json: { email, password }, cookie });
const me = (cookie: string) => t.request('GET', '/api/users/me', { cookie });

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, host-only, holds a 256-bit token, and only its hash is stored', async () => {
    const res = await t.request('POST', '/api/auth/local/signup', {
      json: { email: 'cookie@example.com', password: PASSWORD, name: 'C' },
    });
    expect(res.status).toBe(201);
    const set = setCookieOf(res.headers, /^session=/);
    const attrs = attributes(set);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')).toBe('Lax');
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('domain')).toBe(false);
    expect(attrs.has('secure')).toBe(false);
    const token = tokenOf(sessionCookie(res.headers));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(await snapshot(t.db))).not.toContain(token);
  });

  it('is Secure and named __Host-session when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://flash.example' } });
    try {
      const res = await https.request('POST', '/api/auth/local/signup', {
        json: { email: 'secure@example.com', password: PASSWORD, name: 'S' },
      });
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().some((c) => /^session=/.test(c))).toBe(false);
      const set = setCookieOf(res.headers, /^__Host-session=/);
      const attrs = attributes(set);
      expect([attrs.has('secure'), attrs.has('httponly'), attrs.get('samesite'), attrs.get('path')]).toEqual([
        true,
        true,
        'Lax',
        '/',
      ]);
      expect(attrs.has('domain')).toBe(false);
      const cookie = sessionCookie(res.headers);
      expect((await https.request('GET', '/api/users/me', { cookie })).status).toBe(200);
      // The unprefixed name is not honoured: a subdomain could set it.
      expect((await https.request('GET', '/api/users/me', { cookie: `session=${tokenOf(cookie)}` })).status).toBe(401);
    } finally {
      await https.close();
    }
  });

  it('is read however the Cookie header is written, as a cookie parser reads it', async () => {
    const a = await t.user('parsed');
    const token = tokenOf(a.cookie);
    for (const cookie of [
      `session=${token}`,
      `theme=dark; session=${token}`,
      `session=${token}; theme=dark`,
      `session="${token}"`,
      ` session = ${token} `,
      `session=${token}; session=other`,
    ]) {
      expect((await me(cookie)).status, cookie).toBe(200);
    }
    for (const cookie of [
      `session=${token}x`,
      `sessionx=${token}`,
      `xsession=${token}`,
      `session=`,
      `session=${token.slice(0, 20)}%zz${token.slice(20)}`,
      `session=${'A'.repeat(101)}`,
      `__Host-session=${token}`,
    ]) {
      expect((await me(cookie)).status, cookie).toBe(401);
    }
  });
});

describe('a new session at every sign-in (no fixation)', () => {
  it('issues a new token at each login and refuses the previous one afterwards', async () => {
    const a = await t.user('again');
    const first = await login(a.email, a.cookie);
    expect(first.status).toBe(200);
    // One Set-Cookie per name (RFC 6265 4.1.1): the new token, not a deletion and then the token.
    expect(first.headers.getSetCookie().filter((c) => /^session=/.test(c))).toHaveLength(1);
    const fresh = sessionCookie(first.headers);
    expect(fresh).not.toBe(a.cookie);
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    const second = sessionCookie((await login(a.email, fresh)).headers);
    expect(second).not.toBe(fresh);
    expect((await me(fresh)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it('never adopts a token planted before sign-in, whether made up or an attacker’s own session', async () => {
    const victim = await t.user('victim');
    const attacker = await t.user('attacker');
    for (const planted of ['session=attacker-chosen-token-0123456789abcdefghijklmnopq', attacker.cookie]) {
      const res = await login(victim.email, planted);
      expect(res.status).toBe(200);
      const issued = sessionCookie(res.headers);
      expect(tokenOf(issued)).not.toBe(tokenOf(planted));
      const asPlanted = await me(planted);
      expect(asPlanted.status).toBe(401);
      expect(asPlanted.text).not.toContain(victim.email);
      expect((await me(issued)).body.email).toBe(victim.email);
    }
  });

  it('a failed sign-in neither ends the current session nor starts one', async () => {
    const a = await t.user('failing');
    const before = await tableCounts(t.db);
    const res = await login(a.email, a.cookie, 'wrong password!');
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await me(a.cookie)).status).toBe(200);
  });
});

describe('sessions end', () => {
  it('at logout: the cookie is cleared and refused, the row deleted', async () => {
    const a = await t.user('leaving');
    const before = await tableCounts(t.db);
    const res = await t.request('GET', '/api/logout', { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(attributes(setCookieOf(res.headers, /^session=/)).get('max-age')).toBe('0');
    expect((await me(a.cookie)).status).toBe(401);
    expect((await tableCounts(t.db)).sessions).toBe(before.sessions! - 1);
  });

  it('at account deletion, on every device', async () => {
    const a = await t.user('deleting');
    const phone = sessionCookie((await login(a.email)).headers);
    expect((await me(phone)).status).toBe(200);
    expect((await a.del('/api/users/delete-account')).status).toBe(200);
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    const left = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', a.id).execute();
    expect(left).toEqual([]);
  });

  it('after the idle timeout (SESSION_IDLE_DAYS=1)', async () => {
    const a = await t.user('idle');
    clock += 23 * HOUR;
    expect((await me(a.cookie)).status).toBe(200);
    clock += 23 * HOUR; // 23 h since the last request: still alive
    expect((await me(a.cookie)).status).toBe(200);
    clock += 25 * HOUR; // 25 h of silence
    expect((await me(a.cookie)).status).toBe(401);
    clock -= 24 * HOUR; // the row is gone: turning the clock back does not revive it
    expect((await me(a.cookie)).status).toBe(401);
    clock += 24 * HOUR;
  });

  it('after the absolute timeout (SESSION_MAX_DAYS=3), however active', async () => {
    const a = await t.user('busy');
    for (let h = 20; h <= 60; h += 20) {
      clock += 20 * HOUR;
      expect((await me(a.cookie)).status, `after ${h} h`).toBe(200);
    }
    clock += 13 * HOUR; // 73 h after sign-in, 13 h after the last request
    expect((await me(a.cookie)).status).toBe(401);
    expect(await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
  });

  it('a signed-out or expired cookie is refused everywhere, not only by /api/users/me', async () => {
    const a = await t.user('everywhere');
    await t.request('GET', '/api/logout', { cookie: a.cookie });
    for (const [method, path] of [
      ['GET', '/api/students'],
      ['POST', '/api/students'],
      ['GET', '/api/users/export'],
      ['DELETE', '/api/users/delete-account'],
    ] as const) {
      const res = await t.request(method, path, {
        cookie: a.cookie,
        ...(method === 'POST' ? { json: { name: 'x' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
