import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_INVITE_TTL_MS, FAMILY_JOIN_ATTEMPTS_MAX, FAMILY_JOIN_WINDOW_MS } from '@shared/constants';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedFamily } from '../../testing/seed-family';

let t: TestApp;
let clockMs = Date.parse('2026-03-02T10:00:00.000Z');
const JOIN_RULE = { max: FAMILY_JOIN_ATTEMPTS_MAX, windowMs: FAMILY_JOIN_WINDOW_MS };
beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clockMs),
    env: { SESSION_IDLE_DAYS: '60', SESSION_MAX_DAYS: '90' },
    rateLimits: { familyJoin: JOIN_RULE },
  });
});
afterAll(() => t.close());

async function invite(u: Agent): Promise<{ id: number; code: string; path: string }> {
  const res = await u.post('/api/family/invites');
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function join(u: Agent, code: string) {
  return u.post('/api/family/join', { code });
}

const names = async (u: Agent) => ((await u.get('/api/students')).body as { name: string }[]).map((s) => s.name).sort();

describe('GET /api/family', () => {
  it('shows a new account as a family of one it holds', async () => {
    const u = await t.user('solo');
    const res = await u.get('/api/family');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      you: u.id,
      holder: u.id,
      members: [{ user_id: u.id, name: 'solo', role: 'holder', joined_at: expect.any(String) }],
      invites: [],
    });
  });
});

describe('two parents in one family', () => {
  it('see and change the same students, decks and progress', async () => {
    const mum = await t.user('mum');
    const dad = await t.user('dad');
    const student = (await mum.post('/api/students', { name: 'Lucía' })).body.id as number;
    const deck = (await mum.post('/api/decks', { title: 'Colores', student_id: student })).body.id as number;
    const { code, path } = await invite(mum);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(path).toBe(`/join/${code}`);

    const preview = await dad.get(`/api/family/invites/${code.toLowerCase()}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ holder_name: 'mum', member_count: 1, already_member: false, your_data: 'moves' });

    const joined = await join(dad, code.replace('-', '').toLowerCase());
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.holder).toBe(mum.id);
    expect(joined.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['mum', 'holder'],
      ['dad', 'member'],
    ]);
    expect((await mum.get('/api/family')).body.members).toHaveLength(2);

    expect(await names(dad)).toEqual(['Lucía']);
    expect((await dad.put(`/api/students/${student}`, { name: 'Lucía M.' })).status).toBe(200);
    expect(await names(mum)).toEqual(['Lucía M.']);
    const card = await dad.form('POST', '/api/cards', formOf({ deck_id: deck, en: 'red', es: 'rojo' }));
    expect(card.status, card.text).toBe(201);
    const saved = await dad.post('/api/study-sessions', {
      student_id: student,
      deck_id: deck,
      cards_studied: 1,
      cards_mastered: 1,
      cards_not_mastered: 0,
      accuracy_percentage: 100,
      study_duration_seconds: 30,
    });
    expect(saved.status, saved.text).toBe(201);
    const progress = await mum.get(`/api/progress/${student}`);
    expect(progress.body.overall_statistics.total_sessions).toBe(1);
    expect((await mum.get(`/api/decks/${deck}`)).body.cards).toHaveLength(1);
  });

  it("both read a student's memory states, also on a tablet locked in child mode", async () => {
    const mum = await t.user('mum2');
    const dad = await t.user('dad2');
    const student = (await mum.post('/api/students', { name: 'Mateo' })).body.id as number;
    expect((await join(dad, (await invite(mum)).code)).status).toBe(200);
    const path = `/api/students/${student}/memory-states?tz=Europe%2FMadrid`;
    const mine = await mum.get(path);
    expect(mine.status, mine.text).toBe(200);
    const his = await dad.get(path);
    expect(his.status, his.text).toBe(200);
    expect(his.body).toEqual(mine.body);
    expect((await dad.put('/api/child-mode/pin', { pin: '1357' })).status).toBe(200);
    expect((await dad.post('/api/child-mode', { student_id: student })).status).toBe(200);
    const locked = await dad.get(path);
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body).toEqual(mine.body);
  });
});

function formOf(fields: Record<string, string | number>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return form;
}

describe('invites', () => {
  it('are single use, revocable and expire after 7 days; all such codes answer like made-up ones', async () => {
    const holder = await t.user('holder');
    const [a, b, c] = [await t.user('a'), await t.user('b'), await t.user('c')];
    const used = await invite(holder);
    expect((await join(a, used.code)).status).toBe(200);
    const revoked = await invite(holder);
    const expiring = await invite(holder);
    const pending = (await holder.get('/api/family')).body.invites as { id: number }[];
    expect(pending.map((i) => i.id)).toEqual([expiring.id, revoked.id]);
    expect((await holder.del(`/api/family/invites/${revoked.id}`)).status).toBe(200);
    expect((await holder.del(`/api/family/invites/${revoked.id}`)).status).toBe(404);
    clockMs += FAMILY_INVITE_TTL_MS + 1000;
    const madeUp = 'ABCD-EFGH';
    const answers = [];
    for (const code of [used.code, revoked.code, expiring.code, madeUp, 'not a code']) {
      answers.push((await b.get(`/api/family/invites/${encodeURIComponent(code)}`)).body);
      answers.push((await join(c, code)).body);
    }
    for (const body of answers) expect(body).toEqual({ error: 'No such invite', code: 'invite_not_found' });
    expect((await holder.get('/api/family')).body.invites).toEqual([]);
  });

  it('cannot be revoked from another family', async () => {
    const owner = await t.user('owner');
    const stranger = await t.user('stranger');
    const { id, code } = await invite(owner);
    expect((await stranger.del(`/api/family/invites/${id}`)).status).toBe(404);
    expect((await stranger.get(`/api/family/invites/${code}`)).status).toBe(200);
  });

  it('are looked up at most FAMILY_JOIN_ATTEMPTS_MAX times per window', async () => {
    const guesser = await t.user('guesser');
    const statuses = [];
    for (let i = 0; i <= FAMILY_JOIN_ATTEMPTS_MAX; i++)
      statuses.push((await guesser.get(`/api/family/invites/ABCD-EFG${'HJKMNPQRST'[i]}`)).status);
    expect(statuses.slice(0, FAMILY_JOIN_ATTEMPTS_MAX).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    clockMs += 60 * 60 * 1000;
  });
});

describe('POST /api/family/join', () => {
  it('brings the data of someone alone in their family along', async () => {
    const host = await t.user('host');
    const newcomer = await t.user('newcomer');
    await host.post('/api/students', { name: 'Host kid' });
    await seedFamily(t, newcomer, '#123456');
    const before = await names(newcomer);
    const { code } = await invite(host);
    expect((await newcomer.get(`/api/family/invites/${code}`)).body.your_data).toBe('moves');
    expect((await join(newcomer, code)).status).toBe(200);
    expect(await names(host)).toEqual([...before, 'Host kid'].sort());
    expect(await names(newcomer)).toEqual(await names(host));
    // Pictures and recordings came along with the cards that show them.
    const decks = (await host.get('/api/decks')).body as { id: number }[];
    for (const d of decks) {
      for (const card of (await host.get(`/api/decks/${d.id}`)).body.cards as { front_image_key: string | null }[]) {
        if (card.front_image_key) expect((await host.get(`/api/images/${card.front_image_key}`)).status).toBe(200);
      }
    }
  });

  it('leaves everything with the family when others remain, and says so first', async () => {
    const h1 = await t.user('h1');
    const m1 = await t.user('m1');
    await h1.post('/api/students', { name: 'Stays' });
    expect((await join(m1, (await invite(h1)).code)).status).toBe(200);
    const h2 = await t.user('h2');
    await h2.post('/api/students', { name: 'Other' });
    const { code } = await invite(h2);
    expect((await h1.get(`/api/family/invites/${code}`)).body.your_data).toBe('stays');
    // The holder goes: holding passes to the remaining member, who keeps the data.
    expect((await join(h1, code)).status).toBe(200);
    expect(await names(h1)).toEqual(['Other']);
    expect(await names(m1)).toEqual(['Stays']);
    const left = (await m1.get('/api/family')).body;
    expect(left.holder).toBe(m1.id);
    expect(left.members.map((m: { user_id: number }) => m.user_id)).toEqual([m1.id]);
  });

  it('refuses an invite to the family one is in', async () => {
    const h = await t.user('h');
    const m = await t.user('m');
    expect((await join(m, (await invite(h)).code)).status).toBe(200);
    const again = await invite(h);
    expect((await m.get(`/api/family/invites/${again.code}`)).body.already_member).toBe(true);
    expect((await join(m, again.code)).body.code).toBe('already_member');
  });
});

describe('leaving and removing', () => {
  it('a member leaves with nothing; the holder removes; only the holder may', async () => {
    const h = await t.user('holder2');
    const [m1, m2] = [await t.user('m1'), await t.user('m2')];
    await h.post('/api/students', { name: 'Kid' });
    expect((await join(m1, (await invite(h)).code)).status).toBe(200);
    expect((await join(m2, (await invite(h)).code)).status).toBe(200);

    const removeByMember = await m1.del(`/api/family/members/${m2.id}`);
    expect(removeByMember.status).toBe(403);
    expect(removeByMember.body.code).toBe('not_holder');

    const left = await m1.post('/api/family/leave');
    expect(left.status).toBe(200);
    expect(left.body.holder).toBe(m1.id);
    expect(await names(m1)).toEqual([]);
    expect((await m1.post('/api/family/leave')).body.code).toBe('family_of_one');

    expect((await h.del(`/api/family/members/${m2.id}`)).status).toBe(200);
    expect((await h.del(`/api/family/members/${m2.id}`)).status).toBe(404);
    expect(await names(m2)).toEqual([]);
    expect(await names(h)).toEqual(['Kid']);
    expect((await h.get('/api/family')).body.members).toHaveLength(1);
  });
});

describe('DELETE /api/users/delete-account in a family', () => {
  it("leaves the family's data to the others, and deletes it with the last member", async () => {
    const h = await t.user('first');
    const m = await t.user('second');
    const kid = (await h.post('/api/students', { name: 'Kept' })).body.id as number;
    expect((await join(m, (await invite(h)).code)).status).toBe(200);
    expect((await h.del('/api/users/delete-account')).status).toBe(200);
    expect(await names(m)).toEqual(['Kept']);
    expect((await m.get('/api/family')).body.holder).toBe(m.id);
    expect((await m.del('/api/users/delete-account')).status).toBe(200);
    const rows = await t.db.kysely.selectFrom('students').select('id').where('id', '=', kid).execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /api/users/export in a family', () => {
  it("exports the family's data and the person's own account", async () => {
    const h = await t.user('exporter');
    const m = await t.user('joiner');
    await h.post('/api/students', { name: 'Shared kid' });
    await m.post('/api/bugs', { title: 'Joiner bug', description: 'Something broke' });
    expect((await join(m, (await invite(h)).code)).status).toBe(200);
    const doc = (await m.get('/api/users/export')).body;
    expect(doc.user.id).toBe(m.id);
    expect(doc.students.map((s: { name: string }) => s.name)).toEqual(['Shared kid']);
    expect(doc.bugs.map((b: { title: string }) => b.title)).toEqual(['Joiner bug']);
  });
});

describe('the family boundary', () => {
  it("a member of family A never reaches family B's data, members or invites", async () => {
    const holderA = await t.user('holderA');
    const memberA = await t.user('memberA');
    expect((await join(memberA, (await invite(holderA)).code)).status).toBe(200);
    const holderB = await t.user('holderB');
    const b = await seedFamily(t, holderB, '#654321');
    const bInvite = await invite(holderB);

    expect(await names(memberA)).toEqual([]);
    expect((await memberA.get(`/api/progress/${b.students[0]}`)).status).toBe(404);
    expect((await memberA.get(`/api/decks/${b.decks[0]}`)).status).toBe(404);
    expect((await memberA.get(`/api/images/${b.images[0]}`)).status).toBe(404);
    expect((await memberA.put(`/api/students/${b.students[0]}`, { name: 'Mine now' })).status).toBe(404);
    expect((await memberA.del(`/api/family/invites/${bInvite.id}`)).status).toBe(404);
    expect((await memberA.del(`/api/family/members/${holderB.id}`)).status).toBe(403);
    expect((await holderA.del(`/api/family/members/${holderB.id}`)).status).toBe(404);
    const family = (await memberA.get('/api/family')).body;
    expect(family.members.map((m: { user_id: number }) => m.user_id)).toEqual([holderA.id, memberA.id]);
    expect(family.invites).toEqual([]);
    // An invite's preview names the family and its size, nothing of its data.
    const preview = await memberA.get(`/api/family/invites/${bInvite.code}`);
    expect(preview.body).toEqual({
      holder_name: 'holderB',
      member_count: 1,
      already_member: false,
      your_data: 'stays',
    });
  });
});

describe("the family's parent PIN", () => {
  it('stays with the family when its holder leaves, and a joiner takes none along', async () => {
    const h = await t.user('pinHolder');
    const m = await t.user('pinMember');
    expect((await m.put('/api/child-mode/pin', { pin: '1357' })).status).toBe(200);
    expect((await h.put('/api/child-mode/pin', { pin: '2468' })).status).toBe(200);
    expect((await join(m, (await invite(h)).code)).status).toBe(200);
    expect((await h.post('/api/family/leave')).status).toBe(200);
    expect((await m.get('/api/child-mode')).body.pin_set).toBe(true);
    // The family's PIN, not the one the member had before joining.
    expect((await m.put('/api/child-mode/pin', { pin: '9999', current_pin: '2468' })).status).toBe(200);
    expect((await h.get('/api/child-mode')).body.pin_set).toBe(false);
  });
});
