import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childMay, statedBy, type Permission } from '../access';
import { createTestApp, familyOf, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

const PIN = '2468';

let t: TestApp;
let parent: Agent;
let stranger: Agent;
let child: number;
let sibling: number;
let childDeck: number;
let siblingDeck: number;
let childCards: number[];
let strangerStudent: number;

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.user('parent');
  stranger = await t.user('stranger');
  child = await seedStudent(t.db, parent.id, 'Ana');
  sibling = await seedStudent(t.db, parent.id, 'Leo');
  childDeck = await seedDeck(t.db, parent.id, { studentId: child });
  siblingDeck = await seedDeck(t.db, parent.id, { studentId: sibling });
  childCards = await seedCards(t.db, childDeck, 2);
  strangerStudent = await seedStudent(t.db, stranger.id, 'Zoe');
});
afterAll(() => t.close());

/** A second sign-in of the parent, so each test's lock stays on its own session. */
async function parentSession(): Promise<Agent> {
  const res = await t.request('POST', '/api/auth/local/login', {
    json: { email: parent.email, password: 'correct horse battery' },
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return t.agent(cookie, { id: parent.id, email: parent.email, name: parent.name });
}

async function ensurePin(agent: Agent) {
  const state = await agent.get('/api/child-mode');
  if (!state.body.pin_set) expect((await agent.put('/api/child-mode/pin', { pin: PIN })).status).toBe(200);
}

async function lockedSession(): Promise<Agent> {
  const agent = await parentSession();
  await ensurePin(agent);
  expect((await agent.post('/api/child-mode', { student_id: child })).status).toBe(200);
  return agent;
}

describe('PUT /api/child-mode/pin', () => {
  it('refuses a PIN that is not 4 to 8 digits', async () => {
    const fresh = await t.user();
    for (const pin of ['123', '123456789', 'abcd', '12 34', 1234, '']) {
      const res = await fresh.put('/api/child-mode/pin', { pin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect((await fresh.get('/api/child-mode')).body).toEqual({ pin_set: false, student_id: null });
  });

  it('stores the PIN hashed, never as given', async () => {
    const fresh = await t.user();
    expect((await fresh.put('/api/child-mode/pin', { pin: '13572468' })).status).toBe(200);
    const row = await t.db.kysely
      .selectFrom('child_mode_pins')
      .selectAll()
      .where('family_id', '=', fresh.familyId)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^\$argon2id\$/);
    expect(row.pin_hash).not.toContain('13572468');
    expect((await fresh.get('/api/child-mode')).body).toEqual({ pin_set: true, student_id: null });
  });

  it('changes the PIN only with the current one', async () => {
    const fresh = await t.user();
    await fresh.put('/api/child-mode/pin', { pin: '1111' });
    const missing = await fresh.put('/api/child-mode/pin', { pin: '2222' });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('wrong_pin');
    expect((await fresh.put('/api/child-mode/pin', { pin: '2222', current_pin: '9999' })).body.code).toBe('wrong_pin');
    expect((await fresh.put('/api/child-mode/pin', { pin: '2222', current_pin: '1111' })).status).toBe(200);
    expect((await fresh.put('/api/child-mode/pin', { pin: '3333', current_pin: '1111' })).status).toBe(403);
    expect((await fresh.put('/api/child-mode/pin', { pin: '3333', current_pin: '2222' })).status).toBe(200);
  });

  it('keeps one PIN per family: another family does not see or need it', async () => {
    await ensurePin(parent);
    expect((await stranger.get('/api/child-mode')).body.pin_set).toBe(false);
  });
});

describe('POST /api/child-mode', () => {
  it('needs a PIN first', async () => {
    const fresh = await t.user();
    const student = await seedStudent(t.db, fresh.id);
    const res = await fresh.post('/api/child-mode', { student_id: student });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('pin_required');
  });

  it("answers another family's student like a missing one", async () => {
    const agent = await parentSession();
    await ensurePin(agent);
    const res = await agent.post('/api/child-mode', { student_id: strangerStudent });
    expect(res.status).toBe(404);
    expect((await agent.get('/api/users/me')).body.child_student_id).toBeNull();
  });

  it('locks this session only, and says so in the me answer', async () => {
    const agent = await lockedSession();
    expect((await agent.get('/api/users/me')).body.child_student_id).toBe(child);
    expect((await agent.get('/api/child-mode')).body).toEqual({ pin_set: true, student_id: child });
    // Another device of the same parent is not locked.
    const other = await parentSession();
    expect((await other.get('/api/users/me')).body.child_student_id).toBeNull();
    expect((await other.get('/api/students')).status).toBe(200);
    expect((await other.post('/api/bugs', { title: 'A bug', description: 'Something' })).status).toBe(201);
  });
});

describe('a session in child mode', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await lockedSession();
  });

  it("reads the child's home, review, deck and progress, and saves the child's study", async () => {
    expect((await agent.get(`/api/decks?student_id=${child}`)).status).toBe(200);
    expect((await agent.get(`/api/decks/${childDeck}`)).status).toBe(200);
    expect((await agent.get(`/api/students/${child}/review`)).status).toBe(200);
    expect((await agent.get(`/api/students/${child}/memory-states`)).status).toBe(200);
    expect((await agent.get(`/api/progress/${child}`)).status).toBe(200);
    const answer = await agent.post('/api/card-performance', {
      student_id: child,
      card_results: [{ card_id: childCards[0], is_correct: true }],
    });
    expect(answer.status).toBe(201);
    const session = await agent.post('/api/study-sessions', {
      student_id: child,
      deck_id: childDeck,
      cards_studied: 2,
      cards_mastered: 1,
      cards_not_mastered: 1,
      accuracy_percentage: 50,
      study_duration_seconds: 30,
    });
    expect(session.status).toBe(201);
  });

  it('is refused anything of another student', async () => {
    for (const res of [
      await agent.get(`/api/decks?student_id=${sibling}`),
      await agent.get('/api/decks'),
      await agent.get(`/api/decks/${siblingDeck}`),
      await agent.get(`/api/students/${sibling}/review`),
      await agent.get(`/api/students/${sibling}/memory-states`),
      await agent.get(`/api/progress/${sibling}`),
      await agent.post('/api/card-performance', {
        student_id: sibling,
        card_results: [{ card_id: childCards[0], is_correct: true }],
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: 'child_mode' });
    }
  });

  it('cannot sign out, change the PIN, start over or edit', async () => {
    for (const res of [
      await agent.get('/api/logout'),
      await agent.put('/api/child-mode/pin', { pin: '0000', current_pin: PIN }),
      await agent.post('/api/child-mode', { student_id: sibling }),
      await agent.post('/api/students', { name: 'New', native_language: 'English' }),
      await agent.del(`/api/decks/${childDeck}`),
      await agent.del('/api/users/delete-account'),
      await agent.get('/api/users/export'),
      await agent.get('/api/bugs'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('child_mode');
    }
    expect((await agent.get('/api/users/me')).body.child_student_id).toBe(child);
  });

  it('is locked on the server: the session keeps its lock after a wrong PIN', async () => {
    const res = await agent.post('/api/child-mode/exit', { pin: '0000' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('wrong_pin');
    expect((await agent.get('/api/users/me')).body.child_student_id).toBe(child);
  });
});

describe('POST /api/child-mode/exit', () => {
  it('unlocks the session with the right PIN', async () => {
    const agent = await lockedSession();
    const res = await agent.post('/api/child-mode/exit', { pin: PIN });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pin_set: true, student_id: null });
    expect((await agent.get('/api/users/me')).body.child_student_id).toBeNull();
    expect((await agent.get('/api/bugs')).status).toBe(200);
  });

  it('asks nothing of a session not in child mode', async () => {
    const agent = await parentSession();
    expect((await agent.post('/api/child-mode/exit', { pin: '' })).status).toBe(200);
  });

  it('unlocks a session whose student was deleted', async () => {
    const agent = await lockedSession();
    const extra = await seedStudent(t.db, parent.id, 'Gone');
    await t.db.kysely
      .updateTable('sessions')
      .set({ child_student_id: extra })
      .where('child_student_id', '=', child)
      .execute();
    await t.db.kysely.deleteFrom('students').where('id', '=', extra).execute();
    expect((await agent.get('/api/users/me')).body.child_student_id).toBeNull();
  });
});

describe('a tablet locked by an adult since removed from the family', () => {
  // The lock names a student of the family the adult was in; the PIN asked is no longer theirs to give.
  it('says so instead of asking a PIN, and may sign out so the adult can sign in again', async () => {
    await ensurePin(parent);
    const helper = await t.user('helper');
    const invite = await parent.post('/api/family/invites');
    expect((await helper.post('/api/family/join', { code: invite.body.code })).status).toBe(200);
    expect((await helper.post('/api/child-mode', { student_id: child })).status).toBe(200);
    expect((await parent.del(`/api/family/members/${helper.id}`)).status).toBe(200);

    const exit = await helper.post('/api/child-mode/exit', { pin: PIN });
    expect(exit.status).toBe(409);
    expect(exit.body).toEqual({ error: expect.any(String), code: 'family_left' });
    // Nothing of the old family, and nothing else, is reachable from the tablet meanwhile.
    expect((await helper.get(`/api/progress/${child}`)).status).toBe(404);
    expect((await helper.get('/api/bugs')).body.code).toBe('child_mode');
    expect((await helper.get('/api/logout')).status).toBe(200);
    expect((await helper.get('/api/users/me')).status).toBe(401);
  });
});

describe('PIN attempts', () => {
  it('are rate limited like passwords: 429 with Retry-After, even for the right PIN, until the window ends', async () => {
    let clock = Date.parse('2030-01-01T00:00:00.000Z');
    const limited = await createTestApp({
      rateLimits: { login: { max: 3, windowMs: 60_000 } },
      now: () => new Date(clock),
    });
    try {
      const p = await limited.user('p');
      const student = await seedStudent(limited.db, p.id);
      await p.put('/api/child-mode/pin', { pin: PIN });
      await p.post('/api/child-mode', { student_id: student });
      for (let i = 0; i < 3; i++) expect((await p.post('/api/child-mode/exit', { pin: '0000' })).status).toBe(403);
      const refused = await p.post('/api/child-mode/exit', { pin: PIN });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(refused.body.retry_after).toBeGreaterThan(0);
      expect(refused.headers.get('retry-after')).toBe(String(refused.body.retry_after));
      expect((await p.get('/api/users/me')).body.child_student_id).toBe(student);
      clock += 61_000;
      expect((await p.post('/api/child-mode/exit', { pin: PIN })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** Every API route's stated permission: a route that states none is refused to a child, so each must state one. */
const CHILD_PERMISSIONS: Record<Permission, 'always' | 'own student' | 'never'> = {
  public: 'always',
  'session.start': 'never',
  'session.read': 'always',
  'session.end': 'own student',
  'child-mode.exit': 'always',
  'child-mode.manage': 'never',
  'account.manage': 'never',
  'catalogue.read': 'always',
  'student.list': 'always',
  'student.read': 'own student',
  'student.edit': 'never',
  'student.study': 'own student',
  'schedule.manage': 'never',
  'progress.family': 'never',
  'deck.list': 'own student',
  'deck.read': 'own student',
  'deck.edit': 'never',
  'card.edit': 'never',
  'deck.share': 'never',
  'media.read': 'always',
  'data.transfer': 'never',
  'family.manage': 'never',
  'family.hold': 'never',
};

describe('child mode, a rule on the permission each route states', () => {
  it('gives a locked tablet each permission always, for its own student only, or never', async () => {
    const locked = { familyId: await familyOf(t.db, parent.id), childStudentId: child };
    for (const [permission, rule] of Object.entries(CHILD_PERMISSIONS) as [Permission, string][]) {
      const id = permission === 'student.study' ? sibling : permission === 'deck.read' ? siblingDeck : String(sibling);
      const ownId = permission === 'student.study' ? child : permission === 'deck.read' ? childDeck : String(child);
      const forOwn = permission === 'session.end' ? false : await childMay(t.db.kysely, locked, permission, ownId);
      expect({ permission, forOwn, forSibling: await childMay(t.db.kysely, locked, permission, id) }).toEqual({
        permission,
        forOwn: rule !== 'never' && permission !== 'session.end',
        forSibling: rule === 'always',
      });
    }
  });

  it('finds a stated permission on every API route', () => {
    const silent: string[] = [];
    const stating = new Set<string>();
    for (const r of t.app.routes) if (statedBy(r.handler)) stating.add(`${r.method} ${r.path}`);
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.includes('*') || r.path === '/api/openapi.json')
        continue;
      if (!stating.has(`${r.method} ${r.path}`)) silent.push(`${r.method} ${r.path}`);
    }
    expect(silent).toEqual([]);
    expect(stating.size).toBeGreaterThan(30);
  });

  it('refuses every registered route but those child mode’s rule opens, and those for any other student', async () => {
    const agent = await lockedSession();
    const routes = new Map<string, { method: string; path: string }>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.includes('*')) continue;
      routes.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
    }
    expect(routes.size).toBeGreaterThan(30);
    const sample = (path: string) =>
      path.replace(/:(\w+)/g, (_, name: string) => {
        if (name === 'key') return 'k';
        if (name === 'deckId' || (name === 'id' && path.startsWith('/api/decks/'))) return String(siblingDeck);
        return String(sibling);
      });
    const open: string[] = [];
    for (const { method, path } of routes.values()) {
      const url = sample(path);
      const res = await agent.request(method, url, { json: method === 'GET' ? undefined : { student_id: sibling } });
      const stated = t.app.routes
        .map((r) => r.method === method && r.path === path && statedBy(r.handler))
        .find(Boolean);
      if (stated && CHILD_PERMISSIONS[stated.permission] === 'always') {
        expect(res.body?.code, `${method} ${path}`).not.toBe('child_mode');
        open.push(`${method} ${path}`);
      } else {
        expect({ route: `${method} ${path}`, status: res.status, code: res.body?.code }).toEqual({
          route: `${method} ${path}`,
          status: 403,
          code: 'child_mode',
        });
      }
    }
    // The calls that concern no student, and nothing else, were let through.
    expect(open.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/auth/providers',
        'GET /api/users/me',
        'GET /api/child-mode',
        'POST /api/child-mode/exit',
        'GET /api/catalogue',
        'GET /api/students',
        'GET /api/images/:key',
        'GET /api/audio/:key',
      ].sort(),
    );
    // And still in child mode after all of it.
    expect((await agent.get('/api/users/me')).body.child_student_id).toBe(child);
  });
});
