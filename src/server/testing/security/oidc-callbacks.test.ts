import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, tableCounts, type TestApp, type TestResponse } from '../harness';
import { expectApiError } from '../world';
import { authorize, exchange, forgeFlowCookie, readFlowCookie, startIdp, type Idp } from '../identity-provider';

/**
 * The OpenID Connect callback (POST /api/sessions) against a provider that can be made to misbehave
 * (oauth2-mock-server signs tampered ID tokens on request): every forged or replayed callback creates
 * no session and no user. Sign-in through a certified provider is in oidc-certified.test.ts.
 */

let idp: Idp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp();
  t = await createTestApp({ env: idp.env() });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

/** Runs `attempt` and checks that it was refused with 400 and changed no table. */
async function expectRefused(attempt: () => Promise<TestResponse>): Promise<TestResponse> {
  const before = await tableCounts(t.db);
  const res = await attempt();
  expectApiError(res, 400);
  expect(sessionCookie(res.headers)).toBe('');
  expect(await tableCounts(t.db)).toEqual(before);
  return res;
}

describe('POST /api/sessions (OIDC callback)', () => {
  it('signs in on the happy path with a new session, replacing any cookie held before', async () => {
    const earlier = await t.user('earlier');
    const start = await t.request('GET', '/api/oauth/oidc/redirect_url');
    const url = new URL(start.body.redirectUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect([url.searchParams.get('state'), url.searchParams.get('nonce')]).not.toContain(null);
    const attrs = start.headers.getSetCookie().find((c) => /^oidc_flow=/.test(c)) ?? '';
    expect(attrs).toMatch(/HttpOnly/);
    expect(attrs).toMatch(/SameSite=Lax/);
    expect(attrs).toMatch(/Path=\//);
    expect(attrs).toMatch(/Max-Age=600/);
    const flow = await authorize(t);
    const flowState = readFlowCookie(flow.cookie);
    expect(flowState.state).toBe(flow.state);
    expect(flowState.verifier.length).toBeGreaterThanOrEqual(43);

    const before = await tableCounts(t.db);
    const res = await exchange(t, { code: flow.code, state: flow.state }, `${earlier.cookie}; ${flow.cookie}`);
    expect(res.status).toBe(200);
    const session = sessionCookie(res.headers);
    expect(session).not.toBe('');
    expect(session).not.toBe(earlier.cookie);
    // The flow cookie is spent: the answer clears it.
    expect(res.headers.getSetCookie().some((c) => /^oidc_flow=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    const after = await tableCounts(t.db);
    expect(after.sessions).toBe(before.sessions); // one started, the earlier one ended
    expect(after.identities).toBe(before.identities! + 1);
    expect((await t.request('GET', '/api/users/me', { cookie: session })).status).toBe(200);
    expect((await t.request('GET', '/api/users/me', { cookie: earlier.cookie })).status).toBe(401);
  });

  it('refuses a missing state', async () => {
    const flow = await authorize(t);
    await expectRefused(() => exchange(t, { code: flow.code }, flow.cookie));
  });

  it('refuses a wrong state', async () => {
    const flow = await authorize(t);
    const res = await expectRefused(() => exchange(t, { code: flow.code, state: `${flow.state}x` }, flow.cookie));
    expect(res.body.code).toBe('invalid_state');
  });

  it('refuses a callback without the flow cookie (a code carried to another browser)', async () => {
    const flow = await authorize(t);
    await expectRefused(() => exchange(t, { code: flow.code, state: flow.state }));
  });

  it("refuses a state and code from another sign-in than the browser's own", async () => {
    const mine = await authorize(t);
    const theirs = await authorize(t);
    await expectRefused(() => exchange(t, { code: theirs.code, state: theirs.state }, mine.cookie));
  });

  it('refuses a wrong PKCE verifier (a tampered flow cookie)', async () => {
    const flow = await authorize(t);
    const forged = forgeFlowCookie(flow.cookie, { verifier: randomBytes(32).toString('base64url') });
    const res = await expectRefused(() => exchange(t, { code: flow.code, state: flow.state }, forged));
    expect(res.body.code).toBe('exchange_failed');
  });

  it("refuses an injected code: the attacker's code with the victim's own flow (PKCE binds the code)", async () => {
    const attacker = await authorize(t);
    const victim = await authorize(t);
    await expectRefused(() => exchange(t, { code: attacker.code, state: victim.state }, victim.cookie));
  });

  const tampered: [string, (p: Record<string, unknown>) => void][] = [
    ['a wrong nonce', (p) => void (p.nonce = 'another-nonce')],
    ['a missing nonce', (p) => void delete p.nonce],
    ['a wrong audience', (p) => void (p.aud = 'someone-else')],
    ['a wrong issuer', (p) => void (p.iss = 'https://evil.example')],
    ['an expired ID token', (p) => void (p.exp = Math.floor(Date.now() / 1000) - 3600)],
  ];
  for (const [what, change] of tampered) {
    it(`refuses an ID token with ${what}`, async () => {
      const flow = await authorize(t);
      const restore = idp.tamperTokens(change);
      try {
        const res = await expectRefused(() => exchange(t, { code: flow.code, state: flow.state }, flow.cookie));
        expect(res.body.code).toBe('exchange_failed');
      } finally {
        restore();
      }
    });
  }

  it('accepts a token whose only change is a harmless claim (so the refusals above are the checks at work)', async () => {
    const flow = await authorize(t);
    const restore = idp.tamperTokens((p) => void (p.email = 'control@example.com'));
    try {
      expect((await exchange(t, { code: flow.code, state: flow.state }, flow.cookie)).status).toBe(200);
    } finally {
      restore();
    }
  });

  it('refuses a replayed code (a second exchange of the same code, even with the same flow cookie)', async () => {
    const flow = await authorize(t);
    const first = await exchange(t, { code: flow.code, state: flow.state }, flow.cookie);
    expect(first.status).toBe(200);
    await expectRefused(() => exchange(t, { code: flow.code, state: flow.state }, flow.cookie));
  });

  it('refuses a flow cookie that is not one the server made', async () => {
    const flow = await authorize(t);
    for (const cookie of [
      'oidc_flow=garbage',
      'oidc_flow=',
      `oidc_flow=${'A'.repeat(3000)}`,
      forgeFlowCookie(flow.cookie, { provider: 'google' }),
    ]) {
      await expectRefused(() => exchange(t, { code: flow.code, state: flow.state }, cookie));
    }
  });
});
