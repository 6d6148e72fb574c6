import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugSchema, type Bug } from '@shared/schemas/bug';
import { BUG_DESCRIPTION_MAX, BUG_TITLE_MAX } from '@shared/constants';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { ensureBugAdminPassword } from './bugs.admin-password';

const PASSWORD = 'letmein-admin';

let t: TestApp;
let clockMs = Date.parse('2030-01-01T00:00:00.000Z');
let alice: Agent;
let bob: Agent;

beforeAll(async () => {
  t = await createTestApp({ env: { BUG_ADMIN_PASSWORD: PASSWORD }, now: () => new Date(clockMs) });
  await ensureBugAdminPassword(t.deps);
  alice = await t.user('alice');
  bob = await t.user('bob');
});
afterAll(() => t.close());

let n = 0;
async function report(agent: Agent, title = `Bug ${++n}`): Promise<Bug> {
  const res = await agent.post<Bug>('/api/bugs', { title, description: `What went wrong in ${title}` });
  expect(res.status).toBe(201);
  return res.body;
}
const find = async (agent: Agent, id: number) => (await agent.get<Bug[]>('/api/bugs')).body.find((b) => b.id === id);
const votesOf = async (bugId: number) =>
  (await t.db.kysely.selectFrom('bug_votes').select('user_id').where('bug_id', '=', bugId).execute()).length;

describe('POST /api/bugs', () => {
  it('reports a bug, trimmed, and answers it with no votes', async () => {
    const res = await alice.post('/api/bugs', { title: '  Audio is silent  ', description: '\n No sound on iPad. \t' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Audio is silent',
      description: 'No sound on iPad.',
      created_at: new Date(clockMs).toISOString(),
      upvotes: 0,
      user_has_voted: false,
    });
    expect(await find(bob, res.body.id)).toEqual(res.body);
  });

  it('files a retried report (same idempotency key) once, answering the first bug with 200', async () => {
    const body = { title: 'Retried', description: 'Sent twice', idempotency_key: 'bug-report-key-0001' };
    const first = await alice.post('/api/bugs', body);
    expect(first.status).toBe(201);
    const again = await alice.post('/api/bugs', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const listed = (await alice.get('/api/bugs')).body.filter((b: { title: string }) => b.title === 'Retried');
    expect(listed).toHaveLength(1);
    // Another user's identical key is theirs alone.
    expect((await bob.post('/api/bugs', body)).status).toBe(201);
  });

  it('accepts a title of 100 and a description of 1000 characters, counted after trimming', async () => {
    const title = 't'.repeat(BUG_TITLE_MAX);
    const description = 'd'.repeat(BUG_DESCRIPTION_MAX);
    const res = await alice.post('/api/bugs', { title: ` ${title} `, description: `  ${description}\n` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title, description });
  });

  const refused: [string, unknown, string[]][] = [
    ['a title of 101 characters', { title: 't'.repeat(BUG_TITLE_MAX + 1), description: 'd' }, ['title']],
    [
      'a description of 1001 characters',
      { title: 't', description: 'd'.repeat(BUG_DESCRIPTION_MAX + 1) },
      ['description'],
    ],
    ['a title blank after trimming', { title: ' \t\n ', description: 'd' }, ['title']],
    ['a description blank after trimming', { title: 't', description: '   ' }, ['description']],
    ['empty strings', { title: '', description: '' }, ['description', 'title']],
    ['missing fields', {}, ['description', 'title']],
    ['a missing description', { title: 't' }, ['description']],
    ['wrong types', { title: 42, description: null }, ['description', 'title']],
    ['an array body', [], ['(body)']],
    ['a string body', 'bug', ['(body)']],
  ];
  for (const [what, body, fields] of refused) {
    it(`refuses ${what} with 400 naming the fields and stores nothing`, async () => {
      const before = await tableCounts(t.db);
      const res = await alice.post('/api/bugs', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', error: expect.any(String) });
      expect([...new Set(res.body.fields.map((f: { field: string }) => f.field))].sort()).toEqual(fields);
      expect(await tableCounts(t.db)).toEqual(before);
    });
  }

  it('refuses malformed JSON and a missing body with 400', async () => {
    const before = await tableCounts(t.db);
    const bad = await alice.request('POST', '/api/bugs', {
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    const none = await alice.request('POST', '/api/bugs');
    expect([bad.status, none.status]).toEqual([400, 400]);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('GET /api/bugs', () => {
  it('shows every user the whole board, newest first, ties broken by the newest id', async () => {
    clockMs += 60_000;
    const first = await report(alice);
    clockMs += 1_000;
    const second = await report(bob);
    const sameTime = await report(alice);
    clockMs += 1_000;
    const newest = await report(bob);

    for (const agent of [alice, bob]) {
      const res = await agent.get<Bug[]>('/api/bugs');
      expect(res.status).toBe(200);
      for (const bug of res.body) expect(bugSchema.strict().parse(bug)).toEqual(bug);
      expect(res.body.slice(0, 4).map((b) => b.id)).toEqual([newest.id, sameTime.id, second.id, first.id]);
      const sorted = [...res.body].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      expect(res.body).toEqual(sorted);
    }
  });
});

describe('POST /api/bugs/{id}/vote', () => {
  it('toggles the caller’s vote; each user sees the count and their own vote', async () => {
    const bug = await report(alice);
    expect((await alice.post(`/api/bugs/${bug.id}/vote`)).body).toEqual({ voted: true });
    expect(await find(alice, bug.id)).toMatchObject({ upvotes: 1, user_has_voted: true });
    expect(await find(bob, bug.id)).toMatchObject({ upvotes: 1, user_has_voted: false });

    const bobVote = await bob.post(`/api/bugs/${bug.id}/vote`);
    expect(bobVote).toMatchObject({ status: 200, body: { voted: true } });
    expect(await find(alice, bug.id)).toMatchObject({ upvotes: 2, user_has_voted: true });
    expect(await find(bob, bug.id)).toMatchObject({ upvotes: 2, user_has_voted: true });

    expect((await alice.post(`/api/bugs/${bug.id}/vote`)).body).toEqual({ voted: false });
    expect(await find(alice, bug.id)).toMatchObject({ upvotes: 1, user_has_voted: false });
    expect(await find(bob, bug.id)).toMatchObject({ upvotes: 1, user_has_voted: true });
  });

  it('stays consistent under 10 concurrent toggles by one user, never answering 5xx', async () => {
    const bug = await report(alice);
    const results = await Promise.all(Array.from({ length: 10 }, () => alice.post(`/api/bugs/${bug.id}/vote`)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const seen = await find(alice, bug.id);
    expect([0, 1]).toContain(seen!.upvotes);
    expect(seen!.user_has_voted).toBe(seen!.upvotes === 1);
    // Every toggle flipped the vote exactly once.
    const on = results.filter((r) => r.body.voted).length;
    expect(on - (results.length - on)).toBe(seen!.upvotes);
    expect(await votesOf(bug.id)).toBe(seen!.upvotes);
  });

  it('counts one vote each when many users vote at once', async () => {
    const bug = await report(alice);
    const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => t.user(`voter${i}`)));
    const results = await Promise.all(voters.map((v) => v.post(`/api/bugs/${bug.id}/vote`)));
    expect(results.map((r) => r.body)).toEqual(Array(6).fill({ voted: true }));
    expect(await find(bob, bug.id)).toMatchObject({ upvotes: 6, user_has_voted: false });
  });

  it('answers 404 for an unknown bug and 400 for a malformed id, changing nothing', async () => {
    const before = await tableCounts(t.db);
    expect((await alice.post('/api/bugs/999999/vote')).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await alice.post(`/api/bugs/${id}/vote`)).status).toBe(400);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('DELETE /api/bugs/{id}', () => {
  it('closes the bug with the right password, its votes going with it', async () => {
    const bug = await report(alice);
    await alice.post(`/api/bugs/${bug.id}/vote`);
    await bob.post(`/api/bugs/${bug.id}/vote`);
    expect(await votesOf(bug.id)).toBe(2);

    const res = await bob.del(`/api/bugs/${bug.id}`, { password: PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await find(alice, bug.id)).toBeUndefined();
    expect(await find(bob, bug.id)).toBeUndefined();
    expect(await votesOf(bug.id)).toBe(0);
    expect((await alice.post(`/api/bugs/${bug.id}/vote`)).status).toBe(404);
    expect((await alice.del(`/api/bugs/${bug.id}`, { password: PASSWORD })).status).toBe(404);
  });

  it('refuses a wrong password with 403 "Incorrect password" and keeps the bug', async () => {
    const bug = await report(alice);
    await alice.post(`/api/bugs/${bug.id}/vote`);
    const before = await tableCounts(t.db);
    for (const password of ['letmein', `${PASSWORD} `, PASSWORD.toUpperCase()]) {
      const res = await alice.del(`/api/bugs/${bug.id}`, { password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Incorrect password', code: 'incorrect_password' });
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await find(alice, bug.id)).toMatchObject({ upvotes: 1 });
  });

  it('refuses a missing, empty or mistyped password with 400, changing nothing', async () => {
    const bug = await report(alice);
    const before = await tableCounts(t.db);
    const answers = await Promise.all([
      alice.request('DELETE', `/api/bugs/${bug.id}`),
      alice.del(`/api/bugs/${bug.id}`, {}),
      alice.del(`/api/bugs/${bug.id}`, { password: '' }),
      alice.del(`/api/bugs/${bug.id}`, { password: 12345 }),
      alice.del('/api/bugs/abc', { password: PASSWORD }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('never answers 5xx when votes race a close', async () => {
    const bug = await report(alice);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => bob.post(`/api/bugs/${bug.id}/vote`)),
      alice.del(`/api/bugs/${bug.id}`, { password: PASSWORD }),
      ...Array.from({ length: 5 }, () => alice.post(`/api/bugs/${bug.id}/vote`)),
    ]);
    for (const r of results) expect([200, 404]).toContain(r.status);
    expect(results[5]!.status).toBe(200);
    expect(await votesOf(bug.id)).toBe(0);
  });
});

describe('DELETE /api/bugs/{id} rate limit', () => {
  let rt: TestApp;
  let rtClock = Date.parse('2030-01-01T00:00:00.000Z');
  beforeAll(async () => {
    rt = await createTestApp({
      env: { BUG_ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' },
      rateLimits: { bugClose: { max: 3, windowMs: 60_000 } },
      now: () => new Date(rtClock),
    });
    await ensureBugAdminPassword(rt.deps);
  });
  afterAll(() => rt.close());

  const close = (agent: Agent, id: number, password: string, ip: string) =>
    agent.request('DELETE', `/api/bugs/${id}`, { json: { password }, headers: { 'x-forwarded-for': ip } });
  const newBug = async (agent: Agent) =>
    (await agent.post<Bug>('/api/bugs', { title: 'Crash', description: 'It crashed' })).body;

  it('answers 429 after 3 wrong passwords from one user, even from other addresses, and keeps the bug', async () => {
    const u = await rt.user();
    const bug = await newBug(u);
    const statuses = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) statuses.push((await close(u, bug.id, 'wrong', ip)).status);
    expect(statuses).toEqual([403, 403, 403]);
    const limited = await close(u, bug.id, 'wrong', '10.0.0.4');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    // Even the right password waits now.
    expect((await close(u, bug.id, PASSWORD, '10.0.0.5')).status).toBe(429);
    expect((await u.get<Bug[]>('/api/bugs')).body.map((b) => b.id)).toContain(bug.id);
  });

  it('answers 429 after 3 wrong passwords from one address, whoever sends them', async () => {
    const users = await Promise.all([rt.user(), rt.user(), rt.user(), rt.user()]);
    const bug = await newBug(users[0]!);
    const statuses = [];
    for (const u of users) statuses.push((await close(u, bug.id, 'wrong', '10.0.1.1')).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
    expect((await close(users[3]!, bug.id, 'wrong', '10.0.1.2')).status).toBe(403);
  });

  it('does not count right passwords, and lets a user try again once the window has passed', async () => {
    const u = await rt.user();
    const statuses = [];
    for (const password of ['wrong', 'wrong', PASSWORD, 'wrong', 'wrong']) {
      statuses.push((await close(u, (await newBug(u)).id, password, '10.0.2.1')).status);
    }
    expect(statuses).toEqual([403, 403, 200, 403, 403]);
    const bug = await newBug(u);
    expect((await close(u, bug.id, 'wrong', '10.0.2.1')).status).toBe(403);
    expect((await close(u, bug.id, 'wrong', '10.0.2.1')).status).toBe(429);
    rtClock += 60_000;
    expect((await close(u, bug.id, PASSWORD, '10.0.2.1')).status).toBe(200);
  });
});

describe('bug routes for visitors', () => {
  it('answers 401 on every bug route and changes nothing', async () => {
    const bug = await report(alice);
    const before = await tableCounts(t.db);
    const answers = await Promise.all([
      t.visitor.get('/api/bugs'),
      t.visitor.post('/api/bugs', { title: 'From a visitor', description: 'Should not be stored' }),
      t.visitor.post(`/api/bugs/${bug.id}/vote`),
      t.visitor.del(`/api/bugs/${bug.id}`, { password: PASSWORD }),
    ]);
    for (const res of answers) expect(res).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
