import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENTS_PER_FAMILY_MAX } from '@shared/constants';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, insertProgress, librarySnapshot, makeJpeg, makePng } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
});
afterAll(() => t.close());

/** Sends each body and returns the statuses; a refused body must leave every table as it was. */
async function statuses(send: (body: unknown) => Promise<{ status: number }>, bodies: unknown[]) {
  const out: number[] = [];
  for (const body of bodies) {
    const before = await tableCounts(t.db);
    const res = await send(body);
    if (res.status >= 400) expect(await tableCounts(t.db)).toEqual(before);
    out.push(res.status);
  }
  return out;
}

describe('POST /api/students', () => {
  it('creates a student with trimmed name, age and native language', async () => {
    const res = await a.post('/api/students', { name: '  Ana  ', age: 7, native_language: 'Español' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Ana',
      age: 7,
      native_language: 'Español',
      created_at: expect.any(String),
      auto_read: false,
      reads: true,
      desired_retention: 0.9,
      new_per_day: 10,
      max_reviews_per_day: 100,
      grading: 'simple',
    });
  });

  it('leaves age and native language empty when not given', async () => {
    const res = await a.post('/api/students', { name: 'Leo' });
    expect(res.body).toMatchObject({ name: 'Leo', age: null, native_language: '' });
  });

  it('accepts a name of 50 characters and refuses 51 or a blank one', async () => {
    const send = (name: unknown) => a.post('/api/students', { name });
    expect(await statuses(send, ['n'.repeat(50), 'n'.repeat(51), '   ', ''])).toEqual([201, 400, 400, 400]);
  });

  it('accepts ages 1, 100 and none, and refuses 0, 101, 1.5 and "7"', async () => {
    const send = (age: unknown) => a.post('/api/students', { name: 'Age', age });
    expect(await statuses(send, [1, 100, null, 0, 101, 1.5, '7'])).toEqual([201, 201, 201, 400, 400, 400, 400]);
  });

  it("accepts native languages '', English and Español only", async () => {
    const send = (native_language: unknown) => a.post('/api/students', { name: 'Lang', native_language });
    expect(await statuses(send, ['', 'English', 'Español', 'French', 'english', 'Espanol'])).toEqual([
      201, 201, 201, 400, 400, 400,
    ]);
  });

  it('names the bad fields in a 400', async () => {
    const res = await a.post('/api/students', { name: '', age: 0 });
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['age', 'name']);
  });

  it('needs a session', async () => {
    expect((await t.visitor.post('/api/students', { name: 'X' })).status).toBe(401);
  });
});

describe('GET /api/students', () => {
  it("lists only the caller's students, oldest first", async () => {
    const u = await t.user('lister');
    const first = await u.post('/api/students', { name: 'First' });
    const second = await u.post('/api/students', { name: 'Second' });
    await b.post('/api/students', { name: 'Not yours' });
    const res = await u.get('/api/students');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([first.body.id, second.body.id]);
  });
});

describe('PUT /api/students/{id}', () => {
  it('replaces the fields (an absent age clears it)', async () => {
    const s = await a.post('/api/students', { name: 'Before', age: 9, native_language: 'English' });
    const res = await a.put(`/api/students/${s.body.id}`, { name: ' After ', native_language: 'Español' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.body.id, name: 'After', age: null, native_language: 'Español' });
    expect((await a.get('/api/students')).body).toContainEqual(res.body);
  });

  it('applies the same limits as creation', async () => {
    const s = await a.post('/api/students', { name: 'Limits' });
    const send = (body: unknown) => a.put(`/api/students/${s.body.id}`, body);
    expect(
      await statuses(send, [
        { name: 'n'.repeat(50), age: 100 },
        { name: 'n'.repeat(51) },
        { name: 'ok', age: 101 },
        { name: 'ok', native_language: 'Deutsch' },
      ]),
    ).toEqual([200, 400, 400, 400]);
  });

  it("answers 404 for another user's or a missing student, and changes nothing", async () => {
    const s = await a.post('/api/students', { name: 'Mine' });
    const before = await librarySnapshot(t.db);
    expect((await b.put(`/api/students/${s.body.id}`, { name: 'Hacked' })).status).toBe(404);
    expect((await a.put('/api/students/999999', { name: 'Nobody' })).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('refuses an id that is not one', async () => {
    expect((await a.put('/api/students/abc', { name: 'X' })).status).toBe(400);
  });
});

describe('DELETE /api/students/{id}', () => {
  it('deletes the student with its decks, cards, progress and the pictures nothing else uses', async () => {
    const u = await t.user('deleter');
    const gone = await u.post('/api/students', { name: 'Gone' });
    const kept = await u.post('/api/students', { name: 'Kept' });
    const goneDeck = await u.post('/api/decks', { title: 'Gone deck', student_id: gone.body.id });
    const keptDeck = await u.post('/api/decks', { title: 'Kept deck', student_id: kept.body.id });
    const shared = { bytes: await makeJpeg(300, 200) };
    const onlyGone = { bytes: await makePng(), name: 'p.png', type: 'image/png' };
    const c1 = await u.form('POST', '/api/cards', cardForm({ deck_id: goneDeck.body.id, en: 'a', es: 'a' }, shared));
    const c2 = await u.form('POST', '/api/cards', cardForm({ deck_id: goneDeck.body.id, en: 'b', es: 'b' }, onlyGone));
    const c3 = await u.form('POST', '/api/cards', cardForm({ deck_id: keptDeck.body.id, en: 'c', es: 'c' }, shared));
    expect([c1.status, c2.status, c3.status]).toEqual([201, 201, 201]);
    await insertProgress(t.db, gone.body.id, goneDeck.body.id, [c1.body.id, c2.body.id]);
    await insertProgress(t.db, kept.body.id, keptDeck.body.id, [c3.body.id]);

    const res = await u.del(`/api/students/${gone.body.id}`);
    expect(res.status).toBe(200);
    expect((await u.get('/api/students')).body.map((s: { id: number }) => s.id)).toEqual([kept.body.id]);
    expect((await u.get('/api/decks')).body.map((d: { id: number }) => d.id)).toEqual([keptDeck.body.id]);
    const k = t.db.kysely;
    const cards = await k.selectFrom('cards').select('id').where('deck_id', '=', goneDeck.body.id).execute();
    const sessions = await k
      .selectFrom('study_sessions')
      .select('student_id')
      .where('deck_id', 'in', [goneDeck.body.id, keptDeck.body.id])
      .execute();
    const results = await k
      .selectFrom('card_results')
      .select('card_id')
      .where('deck_id', 'in', [goneDeck.body.id, keptDeck.body.id])
      .execute();
    expect(cards).toEqual([]);
    expect(sessions).toEqual([{ student_id: kept.body.id }]);
    expect(results).toEqual([{ card_id: c3.body.id }]);
    const images = await k.selectFrom('images').select('key').where('family_id', '=', u.familyId).execute();
    expect(images).toEqual([{ key: c1.body.front_image_key }]);
    expect((await u.get(`/api/images/${c2.body.front_image_key}`)).status).toBe(404);
    expect((await u.get(`/api/images/${c1.body.front_image_key}`)).status).toBe(200);
  });

  it("answers 404 for another user's or a missing student, and changes nothing", async () => {
    const s = await a.post('/api/students', { name: 'Protected' });
    await a.post('/api/decks', { title: 'Protected deck', student_id: s.body.id });
    const before = await librarySnapshot(t.db);
    expect((await b.del(`/api/students/${s.body.id}`)).status).toBe(404);
    expect((await a.del('/api/students/999999')).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});

describe('POST /api/students/bulk', () => {
  const bulk = (agent: Agent, students: unknown) => agent.post('/api/students/bulk', { students });
  const names = async (agent: Agent) =>
    ((await agent.get('/api/students')).body as { name: string }[]).map((s) => s.name);

  it('adds every student in the order given, with trimmed names and optional ages', async () => {
    const teacher = await t.user('teacher');
    const res = await bulk(teacher, [{ name: '  Zoe ' }, { name: 'Ana', age: 8 }, { name: 'Íñigo', age: null }]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.students.map((s: { name: string; age: number | null }) => [s.name, s.age])).toEqual([
      ['Zoe', null],
      ['Ana', 8],
      ['Íñigo', null],
    ]);
    expect(res.body.students[0]).toMatchObject({ native_language: '', auto_read: false, new_per_day: 10 });
    expect(await names(teacher)).toEqual(['Zoe', 'Ana', 'Íñigo']);
    expect(await names(b)).not.toContain('Zoe');
  });

  it('a bad row refuses the whole list with 400 naming each row and field; nothing is stored', async () => {
    const teacher = await t.user('teacher2');
    const before = await tableCounts(t.db);
    const res = await bulk(teacher, [
      { name: 'Ana' },
      { name: '   ' },
      { name: 'Ben', age: 0 },
      { name: 'x'.repeat(51) },
      { name: 'Cleo', age: 'seven' },
    ]);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'students.1.name',
      'students.2.age',
      'students.3.name',
      'students.4.age',
    ]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(
      await statuses((body) => teacher.post('/api/students/bulk', body), [{}, { students: [] }, { students: 'Ana' }]),
    ).toEqual([400, 400, 400]);
  });

  it(`refuses with 409 more students than a family may have (${STUDENTS_PER_FAMILY_MAX}), and adds up to it`, async () => {
    const teacher = await t.user('teacher3');
    const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ name: `Pupil ${from + i + 1}` }));
    expect((await bulk(teacher, rows(STUDENTS_PER_FAMILY_MAX - 2))).status).toBe(201);
    const before = await tableCounts(t.db);
    const over = await bulk(teacher, rows(3, STUDENTS_PER_FAMILY_MAX));
    expect([over.status, over.body.code]).toEqual([409, 'too_many_students']);
    expect(over.body.error).toContain('room for 2 more');
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await bulk(teacher, rows(2, STUDENTS_PER_FAMILY_MAX))).status).toBe(201);
    const one = await teacher.post('/api/students', { name: 'One more' });
    expect([one.status, one.body.code]).toEqual([409, 'too_many_students']);
    expect((await bulk(teacher, rows(STUDENTS_PER_FAMILY_MAX + 1))).status).toBe(400);
  });

  it('needs a signed-in user and is documented', async () => {
    expect((await t.request('POST', '/api/students/bulk', { json: { students: [{ name: 'A' }] } })).status).toBe(401);
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/students/bulk'].post.responses).sort()).toEqual(['201', '400', '401', '409']);
  });
});
