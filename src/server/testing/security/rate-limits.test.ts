import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../context';
import { ensureBugAdminPassword } from '../../features/bugs';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, sessionCookie, tableCounts, type TestApp } from '../harness';
import { expectApiError, sendRaw } from '../world';

/**
 * Brute force: sign-in, sign-up and bug-close attempts get 429 with Retry-After at the documented
 * thresholds (README "Configuration"): failed sign-ins per (account, address) and per address, growing
 * delays per account, sign-ups per address, bug-close passwords per user and address. A forged
 * X-Forwarded-For changes nothing unless TRUST_PROXY is set, and then only the last hop counts.
 */

const PASSWORD = 'correct horse battery';
const BUG_PASSWORD = 'the-bug-board-password';
const MINUTE = 60 * 1000;
const { login: LOGIN, signup: SIGNUP, bugClose: BUG_CLOSE, familyJoin: FAMILY_JOIN } = DEFAULT_RATE_LIMITS;

let clock = Date.parse('2032-01-10T09:00:00.000Z');
const now = () => new Date(clock);
let plain: TestApp;
let proxied: TestApp;
let accounts = 0;

beforeAll(async () => {
  plain = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS, env: { BUG_ADMIN_PASSWORD: BUG_PASSWORD }, now });
  await ensureBugAdminPassword(plain.deps);
  proxied = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS, env: { TRUST_PROXY: 'true' }, now });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

/** Signs up from `address` and returns the account's email and session cookie. */
async function account(t: TestApp, address: string) {
  const email = `rate-${++accounts}@example.com`;
  const res = await sendRaw(t, 'POST', '/api/auth/local/signup', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'R' }),
    remoteAddress: address,
  });
  expect(res.status, res.text).toBe(201);
  return { email, cookie: sessionCookie(res.headers) };
}

/** Accounts written straight into the database with one password hash (sign-up's hashing is not under test). */
async function seedAccounts(t: TestApp, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const created = new Date(clock).toISOString();
  const emails = Array.from({ length: count }, (_, i) => `class-${i}-${++accounts}@example.com`);
  for (const email of emails) {
    const user = await t.db.kysely
      .insertInto('users')
      .values({ email, email_normalized: email, name: 'Pupil', created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('password_credentials')
      .values({ user_id: user.id, password_hash: passwordHash, updated_at: created })
      .execute();
  }
  return emails;
}

const json = (v: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) });
const login = (t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  sendRaw(t, 'POST', '/api/auth/local/login', {
    ...json({ email, password }),
    remoteAddress,
    ...(forwardedFor ? { headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor } } : {}),
  });

function expectLimited(res: Awaited<ReturnType<typeof sendRaw>>): void {
  expectApiError(res, 429);
  expect(res.body.code).toBe('rate_limited');
}

describe('documented thresholds', () => {
  it('are 10 sign-ins per 15 minutes, 10 sign-ups per hour, 5 bug-close attempts and 10 family invite codes per 15 minutes', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      login: { max: 10, windowMs: 15 * MINUTE },
      signup: { max: 10, windowMs: 60 * MINUTE },
      bugClose: { max: 5, windowMs: 15 * MINUTE },
      familyJoin: { max: 10, windowMs: 15 * MINUTE },
    });
  });
});

describe('POST /api/auth/local/login', () => {
  const ADDRESS_MAX = LOGIN.max * 10;

  it('does not count successful sign-ins: 300 accounts sign in from one school address within 15 minutes', async () => {
    const school = '203.0.113.10';
    const emails = await seedAccounts(plain, 300);
    for (const email of emails) {
      expect((await login(plain, email, PASSWORD, school)).status).toBe(200);
      clock += 2000; // 300 sign-ins over 10 minutes, inside one window
    }
  }, 180_000);

  it(`refuses an (account, address) after ${LOGIN.max} wrong passwords with Retry-After, until the window passes`, async () => {
    const { email } = await account(plain, '198.51.100.1');
    const address = '198.51.100.9';
    for (let i = 0; i < LOGIN.max; i++) expectApiError(await login(plain, email, 'wrong password', address), 401);
    const before = await tableCounts(plain.db);
    const right = await login(plain, email, PASSWORD, address);
    expectLimited(right);
    expect(sessionCookie(right.headers)).toBe('');
    expect(await tableCounts(plain.db)).toEqual(before);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN.windowMs / 1000);
    expect(right.body.retry_after).toBe(retryAfter);
    clock += retryAfter * 1000;
    expect((await login(plain, email, PASSWORD, address)).status).toBe(200);
  });

  it('slows guessing of one account from many addresses with growing delays, never locking the parent out', async () => {
    const home = '198.51.100.60';
    const { email } = await account(plain, home);
    expect((await login(plain, email, PASSWORD, home)).status).toBe(200); // the parent's own address
    for (let i = 0; i < LOGIN.max; i++)
      expectApiError(await login(plain, email, 'wrong password', `198.51.100.${100 + i}`), 401);
    // The next guess from a new address must wait 1 s, then 2 s, 4 s …
    const waits = [];
    for (let i = 0; i < 4; i++) {
      const early = await login(plain, email, 'wrong password', `198.51.101.${i}`);
      expectLimited(early);
      waits.push(Number(early.headers.get('retry-after')));
      clock += waits.at(-1)! * 1000;
      expectApiError(await login(plain, email, 'wrong password', `198.51.101.${i}`), 401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The parent, at home, is not held back by the stranger's failures.
    expect((await login(plain, email, PASSWORD, home)).status).toBe(200);
    // Nor for long on a new device: the delay never grows past a minute.
    for (let i = 0; i < 10; i++) {
      clock += 61_000;
      expectApiError(await login(plain, email, 'wrong password', `198.51.102.${i}`), 401);
    }
    const phone = await login(plain, email, PASSWORD, '198.51.103.1');
    expectLimited(phone);
    expect(Number(phone.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    clock += 60_000;
    expect((await login(plain, email, PASSWORD, '198.51.103.1')).status).toBe(200);
    clock += LOGIN.windowMs;
  });

  it(`limits one address to ${ADDRESS_MAX} failures across accounts, and a forged X-Forwarded-For does not reset it`, async () => {
    const { email } = await account(plain, '198.51.100.2');
    const address = '203.0.113.20';
    for (let i = 0; i < ADDRESS_MAX; i++)
      expectApiError(await login(plain, `nobody-${i}@example.com`, 'x', address), 401);
    expectLimited(await login(plain, 'nobody-else@example.com', 'x', address));
    expectLimited(await login(plain, 'nobody-else@example.com', 'x', address, '192.0.2.77'));
    expectLimited(await login(plain, email, PASSWORD, address, '192.0.2.78, 192.0.2.79'));
    expect((await login(plain, email, PASSWORD, '203.0.113.21')).status).toBe(200);
    clock += LOGIN.windowMs;
  });

  it('with TRUST_PROXY counts the last X-Forwarded-For hop (the one the proxy added), not the forged ones', async () => {
    const proxy = '10.0.0.1';
    const client = '203.0.113.40';
    for (let i = 0; i < ADDRESS_MAX; i++) {
      expectApiError(await login(proxied, `nobody-${i}@example.com`, 'x', proxy, `192.0.2.${i % 250}, ${client}`), 401);
    }
    expectLimited(await login(proxied, 'nobody@example.com', 'x', proxy, `192.0.2.200, ${client}`));
    expectLimited(await login(proxied, 'nobody@example.com', 'x', proxy, client));
    // Another client behind the same proxy keeps its own allowance.
    expectApiError(await login(proxied, 'nobody@example.com', 'x', proxy, '203.0.113.41'), 401);
  });
});

describe('POST /api/auth/local/signup', () => {
  it(`allows ${SIGNUP.max} accounts per address per hour; the next is refused and creates nothing`, async () => {
    const address = '203.0.113.30';
    for (let i = 0; i < SIGNUP.max; i++) await account(plain, address);
    const before = await tableCounts(plain.db);
    const signup = (remoteAddress: string, forwardedFor?: string) =>
      sendRaw(plain, 'POST', '/api/auth/local/signup', {
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ email: `extra-${++accounts}@example.com`, password: PASSWORD, name: 'X' }),
        remoteAddress,
      });
    expectLimited(await signup(address));
    expectLimited(await signup(address, '192.0.2.1'));
    expect(await tableCounts(plain.db)).toEqual(before);
    expect((await signup('203.0.113.31')).status).toBe(201);
    clock += SIGNUP.windowMs + 1000;
    expect((await signup(address)).status).toBe(201);
  });
});

describe('DELETE /api/bugs/{id}', () => {
  it(`allows ${BUG_CLOSE.max} wrong passwords per user and per address; then even the right one waits`, async () => {
    const address = '203.0.113.60';
    const reporter = await account(plain, '198.51.100.3');
    const bug = await sendRaw(plain, 'POST', '/api/bugs', {
      ...json({ title: 'Bug', description: 'Desc' }),
      cookie: reporter.cookie,
    });
    const close = (cookie: string, password: string, remoteAddress: string, forwardedFor?: string) =>
      sendRaw(plain, 'DELETE', `/api/bugs/${bug.body.id}`, {
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ password }),
        cookie,
        remoteAddress,
      });
    for (let i = 0; i < BUG_CLOSE.max; i++) {
      const res = await close(reporter.cookie, `guess-${i}`, address);
      expectApiError(res, 403);
      expect(res.body.code).toBe('incorrect_password');
    }
    const helper = await account(plain, '198.51.100.4');
    const before = await tableCounts(plain.db);
    expectLimited(await close(reporter.cookie, 'guess-x', address));
    expectLimited(await close(reporter.cookie, BUG_PASSWORD, address));
    expectLimited(await close(reporter.cookie, BUG_PASSWORD, address, '192.0.2.9'));
    expectLimited(await close(reporter.cookie, BUG_PASSWORD, '203.0.113.61')); // same user, new address
    expectLimited(await close(helper.cookie, 'guess-y', address)); // another user, same address
    expect(await tableCounts(plain.db)).toEqual(before);
    expectApiError(await close(helper.cookie, 'guess-z', '203.0.113.62'), 403); // neither counted yet
    clock += BUG_CLOSE.windowMs + 1000;
    expect((await close(reporter.cookie, BUG_PASSWORD, address)).status).toBe(200);
  });
});

describe('behind one school address', () => {
  const school = '203.0.113.80';
  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    sendRaw(plain, method, path, { ...(body === undefined ? {} : json(body)), cookie, remoteAddress: school });
  /** A family whose tablet is locked in child mode on one of its students, with `pin`. */
  async function lockedFamily(pin: string) {
    const { cookie } = await account(plain, '198.51.100.20');
    expect((await send(cookie, 'PUT', '/api/child-mode/pin', { pin })).status).toBe(200);
    const student = await send(cookie, 'POST', '/api/students', { name: 'Kid' });
    expect((await send(cookie, 'POST', '/api/child-mode', { student_id: student.body.id })).status).toBe(200);
    return cookie;
  }

  it(`one family's wrong PINs never refuse another family's right PIN; each family still gets ${LOGIN.max} tries`, async () => {
    const guessing = await lockedFamily('1357');
    const other = await lockedFamily('2468');
    for (let i = 0; i < LOGIN.max; i++)
      expect((await send(guessing, 'POST', '/api/child-mode/exit', { pin: '0000' })).status).toBe(403);
    for (let i = 0; i < LOGIN.max * 10; i++)
      expectLimited(await send(guessing, 'POST', '/api/child-mode/exit', { pin: '0000' }));
    expectLimited(await send(guessing, 'POST', '/api/child-mode/exit', { pin: '1357' })); // its own limit holds
    const res = await send(other, 'POST', '/api/child-mode/exit', { pin: '2468' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.student_id).toBeNull();
  });

  it("one account's invite-code look-ups never refuse another account joining with a real code", async () => {
    const guesser = await account(plain, '198.51.100.21');
    const holder = await account(plain, '198.51.100.22');
    const joiner = await account(plain, '198.51.100.23');
    const invite = await send(holder.cookie, 'POST', '/api/family/invites');
    expect(invite.status, invite.text).toBe(201);
    for (let i = 0; i < FAMILY_JOIN.max; i++)
      expect((await send(guesser.cookie, 'GET', `/api/family/invites/ABCD-EFG${'HJKMNPQRST'[i]}`)).status).toBe(404);
    for (let i = 0; i < FAMILY_JOIN.max * 10; i++)
      expectLimited(await send(guesser.cookie, 'GET', '/api/family/invites/ABCD-EFGH'));
    expectLimited(await send(guesser.cookie, 'GET', `/api/family/invites/${invite.body.code}`)); // its own limit holds
    expect((await send(joiner.cookie, 'GET', `/api/family/invites/${invite.body.code}`)).status).toBe(200);
    const joined = await send(joiner.cookie, 'POST', '/api/family/join', { code: invite.body.code });
    expect(joined.status, joined.text).toBe(200);
  });
});
