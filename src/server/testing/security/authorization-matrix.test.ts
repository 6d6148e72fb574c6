import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBugAdminPassword } from '../../features/bugs';
import { createTestApp, sessionCookie, type Adult, type Agent, type TestApp } from '../harness';
import {
  BUG_PASSWORD,
  CHILD_PIN,
  MATRIX,
  NOW,
  OUTSIDERS,
  PASSWORD,
  STANCE,
  type Case,
  type Ctx,
  type Expectation,
  type Person,
} from '../authorization-table';
import { buildWorld, isApiError, ownedBy, sameSnapshot, snapshot, type Snapshot, type World } from '../world';
import { startIdp, type Idp } from '../identity-provider';
import type { FamilyId } from '../../context';

/**
 * Every API route, called by every kind of person (a visitor, an outsider family, the holder, a
 * second adult of the family, an adult the holder removed, a family that added the holder's shared
 * deck, and the holder's tablet locked in child mode for the student and for a sibling), against
 * every kind of object it can reach (the table is in authorization-table.ts). The table is keyed by the
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

/** The order people call in: the owner last, on a family as the member found it, since only the owner's call may end it. */
const PEOPLE: readonly Person[] = ['visitor', 'other', 'removed', 'sharer', 'sibling', 'child', 'member', 'owner'];

/** What `who` must get for `kase`, with the defaults the table's comments promise. */
function expected(kase: Case, who: Person): Expectation {
  switch (who) {
    case 'visitor':
      return expectation(kase.visitor, { status: 401, effect: 'none' });
    case 'other':
      return expectation(kase.other, { status: 0, effect: 'none' });
    case 'removed':
    case 'sharer':
      return expectation(kase[who], expectation(kase.other, { status: 0, effect: 'none' }));
    case 'owner':
      return expectation(kase.owner, { status: 0, effect: 'any' });
    case 'member':
      return expectation(kase.member, expectation(kase.owner, { status: 0, effect: 'any' }));
    case 'child':
    case 'sibling':
      return expectation(kase[who], { status: 403, effect: 'none' });
  }
}

let t: TestApp;
let idp: Idp;
let owner: Adult;
let other: Adult;
let theirs: World;
let worlds = 0;
/** The owner's family (with its people) while no call has changed it. */
let intact: Scene | null = null;
/** The people around the owner who are not the owner. */
let household: Household;
const tally = { requests: 0, leaks: 0, unlisted: 0, objects: new Set<string>() };

/** Adults around an owner: a member of the family, one the holder removed, and a family that added its shared deck. */
interface Household {
  owner: Adult;
  member: Agent;
  removed: Agent;
  sharer: Agent;
}
/** A world of the owner's and the owner's sessions locked in child mode for its student and for a sibling. */
interface Scene {
  w: World;
  child: Agent;
  sibling: Agent;
}

async function signIn(a: Agent): Promise<Agent> {
  const res = await t.request('POST', '/api/auth/local/login', { json: { email: a.email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return t.agent(sessionCookie(res.headers), { id: a.id, email: a.email, name: a.name });
}

async function joined(holder: Agent, name: string): Promise<Agent> {
  const a = await t.user(name);
  const code = (await holder.post('/api/family/invites')).body.code as string;
  const res = await a.post('/api/family/join', { code });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${res.text}`);
  return a;
}

async function newHousehold(holder: Adult, prefix: string): Promise<Household> {
  const member = await joined(holder, `${prefix}member`);
  const removed = await joined(holder, `${prefix}removed`);
  const res = await holder.del(`/api/family/members/${removed.id}`);
  if (res.status !== 200) throw new Error(`remove failed: ${res.status} ${res.text}`);
  if (!(await holder.get('/api/child-mode')).body.pin_set) {
    const pin = await holder.put('/api/child-mode/pin', { pin: CHILD_PIN });
    if (pin.status !== 200) throw new Error(`PIN failed: ${pin.status} ${pin.text}`);
  }
  return { owner: holder, member, removed, sharer: await t.user(`${prefix}sharer`) };
}

async function inFamily(member: Agent, holder: Adult): Promise<boolean> {
  const row = await t.db.kysely
    .selectFrom('family_members')
    .select('family_id')
    .where('user_id', '=', member.id)
    .executeTakeFirst();
  return row?.family_id === holder.familyId;
}

/** The family the person is in now (none for a visitor). */
async function familyNow(a: Agent): Promise<FamilyId> {
  const row = await t.db.kysely
    .selectFrom('family_members')
    .select('family_id')
    .where('user_id', '=', a.id)
    .executeTakeFirst();
  return (row?.family_id ?? -1) as FamilyId;
}

async function locked(holder: Agent, student: number): Promise<Agent> {
  const a = await signIn(holder);
  const res = await a.post('/api/child-mode', { student_id: student });
  if (res.status !== 200) throw new Error(`child mode failed: ${res.status} ${res.text}`);
  return a;
}

async function newScene(h: Household): Promise<Scene> {
  const w = await buildWorld(h.owner, `OWNER${++worlds}-mark`);
  const added = await h.sharer.post(`/api/shared/${w.shareCode}/add`, {});
  if (added.status !== 201) throw new Error(`adding the shared deck failed: ${added.status} ${added.text}`);
  const sibling = (await h.owner.post('/api/students', { name: 'Sibling' })).body.id as number;
  return { w, child: await locked(h.owner, w.student), sibling: await locked(h.owner, sibling) };
}

beforeAll(async () => {
  idp = await startIdp();
  t = await createTestApp({ env: { ...idp.env(), BUG_ADMIN_PASSWORD: BUG_PASSWORD }, now: () => NOW });
  await ensureBugAdminPassword(t.deps);
  owner = await t.user('owner');
  other = await t.user('other');
  theirs = await buildWorld(other, 'THEIRS-mark');
  household = await newHousehold(owner, '');
});
afterAll(async () => {
  const routes = Object.keys(MATRIX).length;
  console.log(
    `authorization matrix: ${routes} routes × ${PEOPLE.length} principals × ${tally.objects.size} objects = ${tally.requests} requests, ` +
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
    it(
      route,
      async () => {
        const method = route.slice(0, route.indexOf(' '));
        const problems: string[] = [];
        for (const kase of cases) {
          tally.objects.add(kase.object);
          const h = kase.fresh ? await newHousehold(await t.user('fresh-owner'), 'fresh-') : household;
          const ownerAgent = h.owner;
          const otherAgent = kase.fresh ? await t.user('fresh-other') : other;
          // A world is rebuilt only after the owner's family changed something in it (worlds cost most of the time here).
          let scene = (!kase.fresh && intact) || (await newScene(h));
          intact = kase.fresh ? intact : scene;
          let changed = false;
          /** The member left the family: the next case needs a new one. */
          let left = false;
          const label = `${route} [${kase.object}${kase.note ? `: ${kase.note}` : ''}]`;
          let before: Snapshot = await snapshot(t.db);
          for (const who of PEOPLE) {
            const stance = STANCE[who];
            if (who === 'owner' && changed) {
              // The owner meets the family as the member found it.
              scene = await newScene(h);
              before = await snapshot(t.db);
            }
            const { w } = scene;
            const secrets = [w.mark, ownerAgent.email, w.imageKey, w.audioKey];
            const agent = {
              visitor: t.visitor,
              other: otherAgent,
              removed: h.removed,
              sharer: h.sharer,
              sibling: scene.sibling,
              child: scene.child,
              owner: ownerAgent,
              member: h.member,
            }[who];
            // Requests name the caller as the owner or the other: the member as the owner, outsiders as the other.
            const c: Ctx = {
              t,
              owner: who === 'member' ? { ...h.member, familyId: ownerAgent.familyId } : ownerAgent,
              other: stance === 'other' ? { ...agent, familyId: await familyNow(agent) } : otherAgent,
              w,
              theirs,
              family: ownerAgent.familyId,
              caller: agent,
            };
            const want = expected(kase, who);
            const problem = (what: string) => {
              problems.push(`${label} as ${who}: ${what}`);
              if (who !== 'owner') tally.leaks += 1;
            };
            let req;
            try {
              req = await kase.request(c, stance);
            } catch (err) {
              problem(`request could not be built: ${err instanceof Error ? err.message : String(err)}`);
              continue;
            }
            const init = { cookie: req.cookie ?? agent.cookie, ...(req.form ? { body: req.form } : {}) };
            const res = await t.request(method, req.path, req.json === undefined ? init : { ...init, json: req.json });
            tally.requests += 1;
            const after = await snapshot(t.db);
            if (res.status !== want.status)
              problem(`status ${res.status}, expected ${want.status}: ${res.text.slice(0, 200)}`);
            if (res.status >= 400 && !isApiError(res))
              problem(`refusal is not { error, code }: ${res.text.slice(0, 200)}`);
            if (who === 'visitor' && kase.visitor === undefined && res.body?.code !== 'unauthorized')
              problem(`401 without code unauthorized`);
            if ((who === 'child' || who === 'sibling') && kase[who] === undefined && res.body?.code !== 'child_mode')
              problem('403 without code child_mode');
            if (OUTSIDERS.includes(who)) {
              const leaked = secrets.filter((s) => res.text.includes(s));
              if (leaked.length) problem(`response shows the owner's ${leaked.join(', ')}`);
            } else if (res.text.includes(theirs.mark)) {
              problem("response shows the other user's data");
            }
            if (want.effect === 'none' && !sameSnapshot(after, before)) problem('database changed');
            if (
              want.effect === 'self' &&
              JSON.stringify(ownedBy(after, ownerAgent)) !== JSON.stringify(ownedBy(before, ownerAgent))
            ) {
              problem("the owner's rows changed");
            }
            // Field-level checks are written for the caller's stance; a person refused where it succeeds skips them.
            if (kase.verify && res.status === want.status && want.status === expected(kase, stance).status) {
              try {
                await kase.verify(c, res, stance, agent);
              } catch (err) {
                problem(`field-level check failed: ${err instanceof Error ? err.message : String(err)}`);
              }
            }
            if (stance === 'owner' && method !== 'GET' && res.status < 400) {
              // Fresh cases are about the caller's own account and session: nothing the owner then needs.
              changed ||= who === 'member' && !kase.fresh;
              intact = null;
              left ||= who === 'member' && !kase.fresh && !(await inFamily(h.member, ownerAgent));
            }
            before = after;
          }
          if (left) household = await newHousehold(ownerAgent, `again${worlds}-`);
        }
        expect(problems).toEqual([]);
        // Eight people and a world per change: PostgreSQL on a busy machine needs minutes (a timeout, not a timed assertion).
      },
      600_000,
    );
  }
});
