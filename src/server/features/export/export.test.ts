import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedFamily, type Family } from '../../testing/seed-family';
import { exportDocumentSchema, type ExportDocument } from './export.schema';

let t: TestApp;
let a: Agent;
let b: Agent;
let fa: Family;
let fb: Family;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  fa = await seedFamily(t, a, '#c83232');
  fb = await seedFamily(t, b, '#3264c8');
  // Each votes on the other's bug too: a vote is the voter's, the bug stays its reporter's.
  expect((await a.post(`/api/bugs/${fb.bugs[0]}/vote`)).status).toBe(200);
  expect((await b.post(`/api/bugs/${fa.bugs[0]}/vote`)).status).toBe(200);
});
afterAll(() => t.close());

const sorted = (ids: (number | string)[]) => [...ids].sort();

async function exportOf(u: Agent): Promise<{ doc: ExportDocument; text: string }> {
  const res = await u.get('/api/users/export');
  expect(res.status).toBe(200);
  return { doc: exportDocumentSchema.parse(res.body), text: res.text };
}

describe('GET /api/users/export', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.visitor.get('/api/users/export');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: 'unauthorized' });
  });

  it('is a JSON file download named after the date', async () => {
    const res = await a.get('/api/users/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="flashcards-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('contains exactly what the user owns', async () => {
    const { doc } = await exportOf(a);
    expect(doc.format).toBe('flashcards-export');
    expect(doc.user).toMatchObject({ id: a.id, email: a.email, name: 'alice', has_password: true });
    expect(doc.user.identities).toEqual([
      { provider: 'oidc', subject: 'alice-subject', created_at: expect.any(String) },
    ]);
    expect(sorted(doc.students.map((s) => s.id))).toEqual(sorted(fa.students));
    expect(sorted(doc.decks.map((d) => d.id))).toEqual(sorted(fa.decks));
    expect(sorted(doc.decks.flatMap((d) => d.cards.map((c) => c.id)))).toEqual(sorted(fa.cards));
    expect(doc.decks.find((d) => d.is_imported)?.cards).toHaveLength(fa.cards.length - 3);
    expect(sorted(doc.images.map((i) => i.key))).toEqual(sorted(fa.images));
    expect(doc.study_sessions).toHaveLength(3);
    expect(doc.card_results).toHaveLength(4);
    for (const row of [...doc.study_sessions, ...doc.card_results]) expect(fa.students).toContain(row.student_id);
    expect(doc.bugs.map((x) => x.id)).toEqual(fa.bugs);
    expect(sorted(doc.bug_votes.map((v) => v.bug_id))).toEqual(sorted([fa.bugs[0]!, fb.bugs[0]!]));
  });

  it('includes each picture as the bytes the app serves', async () => {
    const { doc } = await exportOf(a);
    for (const image of doc.images) {
      const served = await t.app.request(`http://localhost/api/images/${image.key}`, { headers: { cookie: a.cookie } });
      expect(served.status).toBe(200);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(Buffer.from(image.data_base64, 'base64').equals(bytes)).toBe(true);
      expect(image).toMatchObject({ content_type: 'image/webp', byte_size: bytes.byteLength });
    }
  });

  it("contains nothing of another user's and no secret", async () => {
    const { doc, text } = await exportOf(a);
    const overlap = (mine: { id: number }[], theirs: number[]) => mine.filter((x) => theirs.includes(x.id));
    expect(overlap(doc.students, fb.students)).toEqual([]);
    expect(overlap(doc.decks, fb.decks)).toEqual([]);
    expect(
      overlap(
        doc.decks.flatMap((d) => d.cards),
        fb.cards,
      ),
    ).toEqual([]);
    expect(overlap(doc.bugs, fb.bugs)).toEqual([]);
    expect(doc.images.filter((i) => fb.images.includes(i.key))).toEqual([]);
    for (const foreign of [b.email, 'bob own', 'bob first', 'bob dog', 'bob bug', 'bob-subject']) {
      expect(text).not.toContain(foreign);
    }
    const k = t.db.kysely;
    const hash = await k
      .selectFrom('password_credentials')
      .select('password_hash')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const sessions = await k.selectFrom('sessions').select('token_hash').where('user_id', '=', a.id).execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const secret of [hash.password_hash, ...sessions.map((s) => s.token_hash), a.cookie.split('=')[1]!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password_hash|token_hash|\$argon2/);
  });

  it('exports an account with nothing in it as empty lists', async () => {
    const c = await t.user('carol');
    const { doc } = await exportOf(c);
    expect(doc.user).toMatchObject({ id: c.id, email: c.email, has_password: true, identities: [] });
    for (const list of [
      'students',
      'decks',
      'images',
      'study_sessions',
      'card_results',
      'bugs',
      'bug_votes',
    ] as const) {
      expect(doc[list]).toEqual([]);
    }
  });
});
