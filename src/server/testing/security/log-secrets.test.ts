import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBugAdminPassword } from '../../features/bugs';
import { createTestApp, sessionCookie, type TestApp } from '../harness';
import { authorize, exchange, forgeFlowCookie, readFlowCookie, startIdp, type Idp } from '../identity-provider';

/**
 * Secrets never reach the log: the app runs at debug level with canary values for its
 * configured secrets, users sign in with canary passwords, an OIDC round trip hands out real
 * codes and tokens, and failures of each kind are logged; no line may hold any of them.
 */

const canary = (what: string) => `canary-${what}-${randomBytes(6).toString('hex')}`;
const CLIENT_SECRET = canary('oidc-client-secret');
const BUG_PASSWORD = canary('bug-admin-password');
const USER_PASSWORD = canary('user-password');
const WRONG_PASSWORD = canary('wrong-password');
const WRONG_BUG_PASSWORD = canary('wrong-bug-password');

const lines: string[] = [];
/** Every value that must not be logged, with a name for the failure message. */
const secrets = new Map<string, string>([
  ['OIDC_CLIENT_SECRET', CLIENT_SECRET],
  ['BUG_ADMIN_PASSWORD', BUG_PASSWORD],
  ['a user password', USER_PASSWORD],
  ['a wrong password', WRONG_PASSWORD],
  ['a wrong bug password', WRONG_BUG_PASSWORD],
]);
const keep = (name: string, value: string | undefined) => {
  if (value) secrets.set(name, value);
};
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

let idp: Idp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp();
  t = await createTestApp({
    env: { ...idp.env(CLIENT_SECRET), BUG_ADMIN_PASSWORD: BUG_PASSWORD },
    log: (line) => lines.push(line),
  });
  await ensureBugAdminPassword(t.deps);
  // The provider's answers hold tokens the app sees but the test does not: catch them here.
  idp.server.service.on('beforeResponse', (response: { body: unknown }) => {
    const body = response.body as Record<string, string | undefined>;
    for (const k of ['access_token', 'id_token', 'refresh_token']) keep(`the provider's ${k}`, body[k]);
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

describe('the log', () => {
  it('never holds a secret, password, session token, OIDC code or token', async () => {
    const email = 'canary-user@example.com';
    const signup = await t.request('POST', '/api/auth/local/signup', {
      json: { email, password: USER_PASSWORD, name: 'C' },
    });
    expect(signup.status).toBe(201);
    keep('the sign-up session token', tokenOf(sessionCookie(signup.headers)));
    expect(
      (await t.request('POST', '/api/auth/local/login', { json: { email, password: WRONG_PASSWORD } })).status,
    ).toBe(401);
    const login = await t.request('POST', '/api/auth/local/login', { json: { email, password: USER_PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login.headers);
    keep('the sign-in session token', tokenOf(cookie));

    // An OIDC round trip, and failures the app logs (a wrong verifier, a wrong nonce).
    const flow = await authorize(t);
    const state = readFlowCookie(flow.cookie);
    keep('an OIDC code', flow.code);
    keep('an OIDC state', state.state);
    keep('an OIDC nonce', state.nonce);
    keep('a PKCE verifier', state.verifier);
    const ok = await exchange(t, { code: flow.code, state: flow.state }, flow.cookie);
    expect(ok.status).toBe(200);
    keep('the OIDC session token', tokenOf(sessionCookie(ok.headers)));

    const bad = await authorize(t);
    keep('a refused OIDC code', bad.code);
    const forged = forgeFlowCookie(bad.cookie, { verifier: randomBytes(32).toString('base64url') });
    expect((await exchange(t, { code: bad.code, state: bad.state }, forged)).status).toBe(400);
    const other = await authorize(t);
    keep('another refused OIDC code', other.code);
    const restore = idp.tamperTokens((p) => void (p.nonce = 'wrong'));
    expect((await exchange(t, { code: other.code, state: other.state }, other.cookie)).status).toBe(400);
    restore();

    // The bug board's password: a wrong guess, then the right one.
    const bug = await t.request('POST', '/api/bugs', { json: { title: 'Bug', description: 'Desc' }, cookie });
    expect(
      (await t.request('DELETE', `/api/bugs/${bug.body.id}`, { json: { password: WRONG_BUG_PASSWORD }, cookie }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `/api/bugs/${bug.body.id}`, { json: { password: BUG_PASSWORD }, cookie })).status,
    ).toBe(200);

    // The log was written (so its silence about secrets means something).
    const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'bug board admin password set from BUG_ADMIN_PASSWORD',
        'oidc code exchange failed',
        'bug closed',
      ]),
    );
    expect(secrets.size).toBeGreaterThanOrEqual(15);
    const found = [...secrets].filter(([, value]) => lines.some((line) => line.includes(value))).map(([name]) => name);
    expect(found).toEqual([]);
    expect(lines.filter((l) => l.includes('$argon2'))).toEqual([]);
  });
});
