import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type Agent, type TestApp } from '../harness';
import { buildWorld, countRows, isApiError, sendRaw, type World } from '../world';
import { JSON_ENDPOINTS, jsonRequests, paramValue, routeOf, unicodeExamples } from '../fuzz-json';
import { badParam, nastyString, type FuzzRequest } from '../fuzz-inputs';
import { ankiExamples, ankiRequests, cardExamples, cardRequests } from '../fuzz-multipart';
import { SMALL_PACKAGE_MAPPING, smallPackage } from '../apkg-fixture';

/**
 * Generated bad input against every JSON and multipart endpoint and every path parameter: no
 * answer is a 5xx, every refusal is `{ error, code }`, and a refused request changes nothing.
 * The seed is fixed (FUZZ_SEED replays another); fast-check prints it with any counterexample.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_601);
const RUNS = { json: 45, multipart: 60, params: 10, people: 8 };
const CHILD_PIN = '2468';

/** A valid body for routes that need one, so that only the bad parameter is wrong. */
function validBody(route: string, w: World): Pick<FuzzRequest, 'headers' | 'body'> {
  const spec = JSON_ENDPOINTS.find((s) => routeOf(s) === route);
  if (spec) return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec.valid(w)) };
  if (route === 'PUT /api/cards/:id') {
    const form = new FormData();
    form.append('en', 'one');
    form.append('es', 'uno');
    return { headers: {}, body: form };
  }
  return { headers: {} };
}

let t: TestApp;
let owner: Agent;
let w: World;
/** The family's second adult, and the owner's tablet locked in child mode for the world's student. */
let member: Agent;
let child: Agent;
const stats = { requests: 0, serverErrors: 0, refused: 0 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user('owner');
  w = await buildWorld(owner, 'FUZZ-mark');
  member = await t.user('member');
  const code = (await owner.post('/api/family/invites')).body.code as string;
  expect((await member.post('/api/family/join', { code })).status).toBe(200);
  expect((await owner.put('/api/child-mode/pin', { pin: CHILD_PIN })).status).toBe(200);
  // A second session of the owner's (the family's tablet), then locked.
  const login = await t.request('POST', '/api/auth/local/login', {
    json: { email: owner.email, password: 'correct horse battery' },
  });
  child = t.agent(sessionCookie(login.headers), { id: owner.id, email: owner.email, name: owner.name });
  expect((await child.post('/api/child-mode', { student_id: w.student })).status).toBe(200);
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=<n> replays another)`);
});
afterAll(async () => {
  console.log(`fuzz: ${stats.requests} requests, ${stats.serverErrors} server errors (${stats.refused} refused)`);
  await t?.close();
});

/** Row counts as last read; counts change only when a request is accepted, so they serve as "before". */
let known: Awaited<ReturnType<typeof countRows>> | undefined;

/** Sends one request and checks the promises; throws (for fast-check) on any broken one. */
async function probe(method: string, path: string, req: FuzzRequest, cookie: string): Promise<void> {
  const before = (known ??= await countRows(t.db));
  const res = await sendRaw(t, method, path, {
    headers: req.headers,
    body: req.body,
    cookie,
    contentLength: req.contentLength,
  });
  stats.requests += 1;
  const what = `${method} ${path} (${req.kind}) -> ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status < 400 || res.status >= 500) known = undefined;
  if (res.status >= 500) {
    stats.serverErrors += 1;
    throw new Error(`server error: ${what}`);
  }
  if (req.sure && res.status < 400) throw new Error(`bad input accepted: ${what}`);
  if (res.status >= 400) {
    stats.refused += 1;
    if (!isApiError(res)) throw new Error(`refusal is not { error, code }: ${what}`);
    const after = await countRows(t.db);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      known = after;
      throw new Error(`refused request changed the database: ${what}`);
    }
  }
}

describe('fuzzing', () => {
  for (const spec of JSON_ENDPOINTS) {
    it(`${routeOf(spec).replace(':id', '{id}')} survives bad JSON`, async () => {
      // fast-check counts the examples among numRuns: add them so that the generated runs stay as many.
      const examples = unicodeExamples(spec, w);
      await fc.assert(
        fc.asyncProperty(jsonRequests(spec, w), (req) =>
          probe(spec.method, spec.path(w), req, spec.asVisitor ? '' : owner.cookie),
        ),
        { seed: SEED, numRuns: RUNS.json + examples.length, examples },
      );
    });
  }

  // The same bad JSON from the family's second adult and from its tablet in child mode: the refusal
  // (validation, or child mode's 403) is as clean for them as for the holder.
  for (const who of ['member', 'child'] as const) {
    it(`every JSON endpoint survives bad JSON from the ${who === 'member' ? 'second adult' : 'child-mode tablet'}`, async () => {
      const cookie = (who === 'member' ? member : child).cookie;
      for (const spec of JSON_ENDPOINTS.filter((e) => !e.asVisitor)) {
        await fc.assert(
          fc.asyncProperty(jsonRequests(spec, w), (req) => probe(spec.method, spec.path(w), req, cookie)),
          { seed: SEED, numRuns: RUNS.people },
        );
      }
    });
  }

  for (const update of [false, true]) {
    const method = update ? 'PUT' : 'POST';
    it(`${method} /api/cards${update ? '/{id}' : ''} survives bad multipart forms`, async () => {
      const path = update ? `/api/cards/${w.card}` : '/api/cards';
      const examples = cardExamples(update, w);
      await fc.assert(
        fc.asyncProperty(cardRequests(update, w), (req) => probe(method, path, req, owner.cookie)),
        { seed: SEED, numRuns: RUNS.multipart + examples.length, examples },
      );
    });
  }

  it('POST /api/imports/anki survives bad multipart forms', async () => {
    const apkg = await smallPackage();
    const examples = ankiExamples(apkg, SMALL_PACKAGE_MAPPING);
    await fc.assert(
      fc.asyncProperty(ankiRequests(apkg, SMALL_PACKAGE_MAPPING), (req) =>
        probe('POST', '/api/imports/anki', req, owner.cookie),
      ),
      { seed: SEED, numRuns: RUNS.multipart + examples.length, examples },
    );
  });

  it('every route with a path parameter refuses bad parameters', async () => {
    const routes = [
      ...new Set(
        t.app.routes
          .filter((r) => r.path.startsWith('/api/') && r.path.includes('/:') && r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const names = [...template.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), badParam, async (bad, param) => {
          const path = template.replace(/:([A-Za-z]+)/g, (_, n: string) =>
            n === bad ? param.value : paramValue(route, n, w),
          );
          await probe(method, path, { kind: `bad :${bad}`, sure: param.sure, ...validBody(route, w) }, owner.cookie);
        }),
        { seed: SEED, numRuns: RUNS.params },
      );
    }
  });

  it('GET /api/decks refuses a bad student_id query parameter', async () => {
    await fc.assert(
      fc.asyncProperty(badParam, (param) =>
        probe(
          'GET',
          `/api/decks?student_id=${param.value}`,
          { kind: 'bad ?student_id', sure: param.sure, headers: {} },
          owner.cookie,
        ),
      ),
      { seed: SEED, numRuns: RUNS.params * 2 },
    );
  });

  it('GET /api/students/{id}/review, /memory-states, /api/decks, /api/progress/{id} and /api/progress/students refuse bad deck_id and tz query parameters', async () => {
    const badZone = fc.oneof(
      fc.constantFrom('Mars/Olympus', '+01:00', 'Europe/', '/Madrid', 'europe madrid', '', 'a'.repeat(65)),
      nastyString(20).filter((z) => !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(z)),
    );
    const paths = [
      (q: string) => `/api/students/${w.student}/review?${q}`,
      (q: string) => `/api/students/${w.student}/memory-states?${q}`,
      (q: string) => `/api/decks?student_id=${w.student}&${q}`,
      (q: string) => `/api/progress/${w.student}?${q}`,
      (q: string) => `/api/progress/students?${q}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), badZone, (path, zone) =>
        probe(
          'GET',
          path(`tz=${encodeURIComponent(zone)}`),
          { kind: 'bad ?tz', sure: true, headers: {} },
          owner.cookie,
        ),
      ),
      { seed: SEED, numRuns: RUNS.params * 2 },
    );
    await fc.assert(
      fc.asyncProperty(badParam, (param) =>
        probe(
          'GET',
          `/api/students/${w.student}/review?deck_id=${param.value}`,
          { kind: 'bad ?deck_id', sure: param.sure, headers: {} },
          owner.cookie,
        ),
      ),
      { seed: SEED, numRuns: RUNS.params * 2 },
    );
  });

  it('refuses NUL in any JSON or multipart text with 400 naming the field (PostgreSQL cannot store it)', async () => {
    const before = await countRows(t.db);
    const student = await owner.post('/api/students', { name: 'a\u0000b' });
    expect([student.status, student.body.fields?.[0]?.field]).toEqual([400, 'name']);
    const nested = await owner.post(`/api/decks/${w.emptyImportedDeck}/import-cards`, {
      cards: [{ en: 'x\u0000', es: 'y' }],
    });
    expect([nested.status, nested.body.fields?.[0]?.field]).toEqual([400, 'en']);
    const form = new FormData();
    form.append('deck_id', String(w.deck));
    form.append('en', 'one');
    form.append('es', 'u\u0000no');
    const card = await owner.form('POST', '/api/cards', form);
    expect([card.status, card.body.fields?.[0]?.field]).toEqual([400, 'es']);
    // An escaped backslash followed by "u0000" is ordinary text.
    expect((await owner.post('/api/students', { name: '\\u0000' })).status).toBe(201);
    expect((await countRows(t.db)).students).toBe(before.students + 1);
  });

  it('leaves the owner signed in and the app healthy', async () => {
    expect((await owner.get('/api/users/me')).status).toBe(200);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect(stats.serverErrors).toBe(0);
  });
});
