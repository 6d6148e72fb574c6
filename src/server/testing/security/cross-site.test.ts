import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../harness';
import { cardForm } from '../images';
import { expectApiError, sendRaw, type RawInit } from '../world';

/**
 * Requests another site can make a signed-in browser send (forms, fetch, links) change nothing:
 * a foreign Origin or Sec-Fetch-Site: cross-site is 403; a body a plain HTML form can send
 * (form-encoded, text/plain) to a JSON route is 415, whatever it contains.
 */

const EVIL = 'https://evil.example';
let t: TestApp;
let user: Agent;
let student: number;
let deck: number;
let card: number;
let bug: number;

beforeAll(async () => {
  t = await createTestApp({ env: { BUG_ADMIN_PASSWORD: 'cross-site-bug-password' } });
  user = await t.user('victim');
  student = (await user.post('/api/students', { name: 'Kid' })).body.id;
  deck = (await user.post('/api/decks', { title: 'Deck', student_id: student })).body.id;
  card = (await user.form('POST', '/api/cards', cardForm({ deck_id: deck, en: 'cat', es: 'gato' }))).body.id;
  bug = (await user.post('/api/bugs', { title: 'Bug', description: 'Desc' })).body.id;
});
afterAll(() => t?.close());

const json = (v: unknown, headers: Record<string, string> = {}): RawInit => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(v),
});
const form = (fields: Record<string, string | number>, headers: Record<string, string> = {}): RawInit => ({
  headers,
  body: cardForm(fields),
});
const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' };

const ATTACKS: [string, string, () => string, () => RawInit, 403 | 415][] = [
  ['JSON with a foreign Origin', 'POST', () => '/api/students', () => json({ name: 'Mallory' }, { origin: EVIL }), 403],
  [
    'a rename with a foreign Origin',
    'PUT',
    () => `/api/decks/${deck}`,
    () => json({ title: 'Pwned' }, { origin: EVIL }),
    403,
  ],
  [
    'a delete with a foreign Origin',
    'DELETE',
    () => `/api/students/${student}`,
    () => ({ headers: { origin: EVIL } }),
    403,
  ],
  [
    'an archive toggle with a foreign Origin',
    'PATCH',
    () => `/api/decks/${deck}/archive`,
    () => ({ headers: { origin: EVIL } }),
    403,
  ],
  [
    'account deletion marked cross-site',
    'DELETE',
    () => '/api/users/delete-account',
    () => ({ headers: crossSite }),
    403,
  ],
  [
    'JSON marked cross-site, without Origin',
    'POST',
    () => '/api/students',
    () => json({ name: 'Mallory' }, crossSite),
    403,
  ],
  [
    'progress reset with Origin "null" (sandboxed frame)',
    'DELETE',
    () => `/api/students/${student}/nuke-progress`,
    () => ({ headers: { origin: 'null' } }),
    403,
  ],
  [
    'a look-alike Origin',
    'POST',
    () => '/api/students',
    () => json({ name: 'M' }, { origin: 'http://localhost.evil.example' }),
    403,
  ],
  [
    'the same host on another port',
    'POST',
    () => '/api/students',
    () => json({ name: 'M' }, { origin: 'http://localhost:8080' }),
    403,
  ],
  [
    'a form-encoded body (an HTML form), no Origin',
    'POST',
    () => '/api/students',
    () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Mallory' }),
    415,
  ],
  [
    'a text/plain body holding JSON (a form with enctype=text/plain)',
    'POST',
    () => '/api/bugs',
    () => ({ headers: { 'content-type': 'text/plain' }, body: '{"title":"x","description":"y"}' }),
    415,
  ],
  [
    'a text/plain rename from a foreign Origin',
    'PUT',
    () => `/api/decks/${deck}`,
    () => ({ headers: { 'content-type': 'text/plain', origin: EVIL }, body: '{"title":"Pwned"}' }),
    403,
  ],
  [
    'multipart from a foreign Origin',
    'POST',
    () => '/api/cards',
    () => form({ deck_id: deck, en: 'x', es: 'y' }, { origin: EVIL }),
    403,
  ],
  [
    'a multipart card edit marked cross-site',
    'PUT',
    () => `/api/cards/${card}`,
    () => form({ en: 'x', es: 'y' }, crossSite),
    403,
  ],
  [
    'multipart to a JSON route, no Origin',
    'POST',
    () => '/api/students',
    () => ({
      body: (() => {
        const f = new FormData();
        f.append('name', 'M');
        return f;
      })(),
    }),
    415,
  ],
  [
    'a bug close with a foreign Origin',
    'DELETE',
    () => `/api/bugs/${bug}`,
    () => json({ password: 'x' }, { origin: EVIL }),
    403,
  ],
  [
    'a sign-in from a foreign Origin (login CSRF)',
    'POST',
    () => '/api/auth/local/login',
    () => json({ email: user.email, password: 'correct horse battery' }, { origin: EVIL }),
    403,
  ],
  [
    'an OIDC callback marked cross-site',
    'POST',
    () => '/api/sessions',
    () => json({ code: 'c', state: 's' }, crossSite),
    403,
  ],
];

describe('cross-site requests', () => {
  for (const [what, method, path, init, status] of ATTACKS) {
    it(`refuses ${what} with ${status} and changes nothing`, async () => {
      const before = await tableCounts(t.db);
      const res = await sendRaw(t, method, path(), { ...init(), cookie: user.cookie });
      expectApiError(res, status);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await tableCounts(t.db)).toEqual(before);
    });
  }

  it('refuses a sign-out link followed from another site (GET /api/logout, cross-site) and keeps the session', async () => {
    const res = await sendRaw(t, 'GET', '/api/logout', { headers: crossSite, cookie: user.cookie });
    expectApiError(res, 403);
    expect((await user.get('/api/users/me')).status).toBe(200);
  });

  it('accepts the same requests from the app itself (own Origin or same-origin fetch)', async () => {
    for (const headers of [{ origin: 'http://localhost' }, { 'sec-fetch-site': 'same-origin' }, {}] as Record<
      string,
      string
    >[]) {
      const res = await sendRaw(t, 'POST', '/api/students', { ...json({ name: 'Own' }, headers), cookie: user.cookie });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('behind PUBLIC_URL accepts only that origin, not its http:// twin', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://flash.example' } });
    try {
      const owner = await https.user('owner');
      const post = (origin: string) =>
        sendRaw(https, 'POST', '/api/students', { ...json({ name: 'K' }, { origin }), cookie: owner.cookie });
      expect((await post('https://flash.example')).status).toBe(201);
      const before = await tableCounts(https.db);
      expectApiError(await post('http://flash.example'), 403);
      expectApiError(await post('https://flash.example.evil.example'), 403);
      expect(await tableCounts(https.db)).toEqual(before);
    } finally {
      await https.close();
    }
  });
});
