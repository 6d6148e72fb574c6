import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, tableCounts, type TestApp } from '../harness';
import { flowCookie, forgeFlowCookie } from '../identity-provider';
import { loginAtProvider, personFor, startCertifiedProvider, type CertifiedProvider } from '../oidc-provider';
import { expectApiError } from '../world';

/**
 * Sign-in through a real, certified OpenID provider (panva's oidc-provider) with its default, strict
 * settings: it sends `iss` on the redirect (RFC 9207), requires PKCE, and gives email and name only
 * from its userinfo endpoint.
 */

const PUBLIC_URL = 'http://localhost';
let op: CertifiedProvider;
let t: TestApp;
beforeAll(async () => {
  op = await startCertifiedProvider(PUBLIC_URL);
  t = await createTestApp({ env: op.env() });
});
afterAll(async () => {
  await t?.close();
  await op?.stop();
});

/** Starts a sign-in at the app, logs in at the provider; returns the callback's parameters and the flow cookie. */
async function signInAtProvider(login: string) {
  const start = await t.request('GET', '/api/oauth/oidc/redirect_url');
  expect(start.status).toBe(200);
  const callback = await loginAtProvider(start.body.redirectUrl, login);
  return { params: Object.fromEntries(callback.searchParams), cookie: flowCookie(start.headers) };
}

describe('sign-in through a certified OpenID provider', () => {
  it('signs in with every returned parameter, and takes email and name from userinfo', async () => {
    const { params, cookie } = await signInAtProvider('maria');
    expect(params.iss).toBe(op.issuer);
    const res = await t.request('POST', '/api/sessions', { json: params, cookie });
    expect(res.status).toBe(200);
    const me = await t.request('GET', '/api/users/me', { cookie: sessionCookie(res.headers) });
    expect(me.status).toBe(200);
    const person = personFor('maria');
    expect(me.body.email).toBe(person.email);
    expect(me.body.google_user_data.name).toBe(person.name);
    expect(me.body.google_user_data.given_name).toBe(person.given_name);
  });

  it('refuses a replayed code, a wrong state or iss, a missing flow cookie and a forged nonce', async () => {
    const first = await signInAtProvider('pablo');
    expect((await t.request('POST', '/api/sessions', { json: first.params, cookie: first.cookie })).status).toBe(200);
    const attempts: { json: Record<string, string | undefined>; cookie: string }[] = [
      { json: first.params, cookie: first.cookie }, // the same code again
    ];
    const wrongState = await signInAtProvider('pablo');
    attempts.push({ json: { ...wrongState.params, state: 'x'.repeat(43) }, cookie: wrongState.cookie });
    const wrongIss = await signInAtProvider('pablo');
    attempts.push({ json: { ...wrongIss.params, iss: 'https://evil.example' }, cookie: wrongIss.cookie });
    const noIss = await signInAtProvider('pablo');
    attempts.push({ json: { code: noIss.params.code, state: noIss.params.state }, cookie: noIss.cookie });
    const noCookie = await signInAtProvider('pablo');
    attempts.push({ json: noCookie.params, cookie: '' });
    const badNonce = await signInAtProvider('pablo');
    attempts.push({ json: badNonce.params, cookie: forgeFlowCookie(badNonce.cookie, { nonce: 'n'.repeat(43) }) });
    for (const attempt of attempts) {
      const before = await tableCounts(t.db);
      const res = await t.request('POST', '/api/sessions', attempt);
      expectApiError(res, 400);
      expect(sessionCookie(res.headers)).toBe('');
      expect(await tableCounts(t.db)).toEqual(before);
    }
  });

  it('shows a provider error as a refusal that names it', async () => {
    const start = await t.request('GET', '/api/oauth/oidc/redirect_url');
    const state = new URL(start.body.redirectUrl).searchParams.get('state')!;
    const res = await t.request('POST', '/api/sessions', {
      json: { error: 'access_denied', state, iss: op.issuer },
      cookie: flowCookie(start.headers),
    });
    expectApiError(res, 400);
    expect(res.body.code).toBe('provider_refused');
  });

  it('builds the redirect URI from PUBLIC_URL, never from the Host header', async () => {
    const res = await t.request('GET', '/api/oauth/oidc/redirect_url', { headers: { host: 'evil.example' } });
    expect(new URL(res.body.redirectUrl).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/callback`);
  });
});

describe('configuration', () => {
  it('refuses to start with a sign-in provider but no PUBLIC_URL, saying what to set', async () => {
    const { loadConfig } = await import('../../config');
    const { PUBLIC_URL: _unset, ...env } = op.env();
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL/);
    const { OIDC_ISSUER: _none, ...googleOnly } = env;
    expect(() => loadConfig({ ...googleOnly, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(
      /PUBLIC_URL/,
    );
  });
});
