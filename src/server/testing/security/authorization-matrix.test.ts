import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBugAdminPassword } from '../../features/bugs/bugs.admin-password';
import { createTestApp, type Agent, type TestApp } from '../harness';
import { BUG_PASSWORD, MATRIX, NOW, type Ctx, type Expectation } from '../authorization-table';
import { buildWorld, isApiError, ownedBy, snapshot, type Snapshot, type World } from '../world';
import { startIdp, type Idp } from '../identity-provider';

/**
 * Every API route, called as a visitor, as another signed-in user and as the owner, against every
 * kind of object it can reach (the table is in authorization-table.ts). The table is keyed by the
 * routes the app itself reports, so a new route that nobody added there fails the first test by name.
 * Another user gets 404 (403 where the design says so) and changes nothing of the owner's; a
 * visitor gets 401 and changes nothing; no answer to either shows the owner's data.
 */

/** "METHOD /path" of every API route the app serves (the catch-all and middleware excluded). */
function appRoutes(t: TestApp): string[] {
  const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const keys = t.app.routes
    .filter((r) => methods.has(r.method) && r.path.startsWith('/api/') && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

const expectation = (e: number | Expectation | undefined, fallback: Expectation): Expectation =>
  e === undefined
    ? fallback
    : typeof e === 'number'
      ? { status: e, effect: fallback.effect }
      : { effect: fallback.effect, ...e };

let t: TestApp;
let idp: Idp;
let owner: Agent;
let other: Agent;
let theirs: World;
let worlds = 0;
/** The owner's world while no owner call has changed it. */
let intact: World | null = null;
const tally = { requests: 0, leaks: 0, unlisted: 0, objects: new Set<string>() };

beforeAll(async () => {
  idp = await startIdp();
  t = await createTestApp({ env: { ...idp.env(), BUG_ADMIN_PASSWORD: BUG_PASSWORD }, now: () => NOW });
  await ensureBugAdminPassword(t.deps);
  owner = await t.user('owner');
  other = await t.user('other');
  theirs = await buildWorld(other, 'THEIRS-mark');
});
afterAll(async () => {
  const routes = Object.keys(MATRIX).length;
  console.log(
    `authorization matrix: ${routes} routes × 3 principals × ${tally.objects.size} objects = ${tally.requests} requests, ` +
      `leaks ${tally.leaks}, unlisted routes ${tally.unlisted}`,
  );
  await t?.close();
  await idp?.stop();
});

describe('authorization matrix', () => {
  it('lists every API route the app serves, and no route it does not', () => {
    const served = appRoutes(t);
    const unlisted = served.filter((r) => !(r in MATRIX));
    tally.unlisted = unlisted.length;
    expect(unlisted, 'routes missing from the authorization matrix').toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !served.includes(r)),
      'matrix rows for routes that do not exist',
    ).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    it(route, async () => {
      const method = route.slice(0, route.indexOf(' '));
      const problems: string[] = [];
      for (const kase of cases) {
        tally.objects.add(kase.object);
        const ownerAgent = kase.fresh ? await t.user('fresh-owner') : owner;
        const otherAgent = kase.fresh ? await t.user('fresh-other') : other;
        // A world is rebuilt only after the owner changed something in it (worlds cost most of the time here).
        const w = (!kase.fresh && intact) || (await buildWorld(ownerAgent, `OWNER${++worlds}-mark`));
        intact = kase.fresh ? intact : w;
        const mark = w.mark;
        const c: Ctx = { t, owner: ownerAgent, other: otherAgent, w, theirs };
        const label = `${route} [${kase.object}${kase.note ? `: ${kase.note}` : ''}]`;
        const secrets = [mark, ownerAgent.email, c.w.imageKey, c.w.audioKey];
        let before: Snapshot = await snapshot(t.db);
        for (const who of ['visitor', 'other', 'owner'] as const) {
          const expected =
            who === 'visitor'
              ? expectation(kase.visitor, { status: 401, effect: 'none' })
              : who === 'other'
                ? expectation(kase.other, { status: 0, effect: 'none' })
                : expectation(kase.owner, { status: 0, effect: 'any' });
          const agent = who === 'visitor' ? t.visitor : who === 'other' ? otherAgent : ownerAgent;
          const req = await kase.request(c, who);
          const init = { cookie: req.cookie ?? agent.cookie, ...(req.form ? { body: req.form } : {}) };
          const res = await t.request(method, req.path, req.json === undefined ? init : { ...init, json: req.json });
          tally.requests += 1;
          const after = await snapshot(t.db);
          const fail = (what: string) => {
            problems.push(`${label} as ${who}: ${what}`);
            if (who !== 'owner') tally.leaks += 1;
          };
          if (res.status !== expected.status)
            fail(`status ${res.status}, expected ${expected.status}: ${res.text.slice(0, 200)}`);
          if (res.status >= 400 && !isApiError(res)) fail(`refusal is not { error, code }: ${res.text.slice(0, 200)}`);
          if (who === 'visitor' && kase.visitor === undefined && res.body?.code !== 'unauthorized')
            fail(`401 without code unauthorized`);
          if (who !== 'owner') {
            const leaked = secrets.filter((s) => res.text.includes(s));
            if (leaked.length) fail(`response shows the owner's ${leaked.join(', ')}`);
          } else if (res.text.includes(theirs.mark)) {
            fail("response shows the other user's data");
          }
          if (expected.effect === 'none' && JSON.stringify(after) !== JSON.stringify(before)) fail('database changed');
          if (
            expected.effect === 'self' &&
            JSON.stringify(ownedBy(after, ownerAgent.id)) !== JSON.stringify(ownedBy(before, ownerAgent.id))
          ) {
            fail("the owner's rows changed");
          }
          if (kase.verify) {
            try {
              await kase.verify(c, res, who, agent);
            } catch (err) {
              fail(`field-level check failed: ${err instanceof Error ? err.message : String(err)}`);
            }
          }
          if (who === 'owner' && method !== 'GET' && res.status < 400) intact = null;
          before = after;
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
