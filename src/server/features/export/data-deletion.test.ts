import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createTestApp, tableCounts, type Adult, type TestApp } from '../../testing/harness';
import { seedFamily, type Family } from '../../testing/seed-family';

/**
 * "Delete" must mean gone: after deleting a student or an account, not one row that existed
 * because of it is left in any table, and no picture nothing uses any more.
 */

let t: TestApp;
let a: Adult;
let b: Adult;
let fa: Family;
let fb: Family;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  fa = await seedFamily(t, a, '#c83232');
  fb = await seedFamily(t, b, '#3264c8');
  // A finished review day each (the app records one only when a student's whole queue is seen done).
  await t.db.kysely
    .insertInto('streak_days')
    .values([...fa.students, ...fb.students].map((student_id) => ({ student_id, day: '2025-01-15' })))
    .execute();
  expect((await a.post(`/api/bugs/${fb.bugs[0]}/vote`)).status).toBe(200);
  expect((await b.post(`/api/bugs/${fa.bugs[0]}/vote`)).status).toBe(200);
  // Alice holds a family someone joined and left (her membership row stays) and its used invite.
  const carol = await t.user('carol');
  const { code } = (await a.post('/api/family/invites')).body as { code: string };
  expect((await carol.post('/api/family/join', { code })).status).toBe(200);
  expect((await carol.post('/api/family/leave')).status).toBe(200);
});
afterAll(() => t.close());

type Counts = Record<string, number>;
type Where = RawBuilder<unknown>;

/**
 * Counts, for every table the harness's tableCounts lists, the rows `rules` select. A table
 * without a rule fails the test, so a new table cannot be forgotten here.
 */
async function countRows(db: Db, rules: Record<string, Where>, whose: string): Promise<Counts> {
  const out: Counts = {};
  for (const table of Object.keys(await tableCounts(db))) {
    const where = rules[table];
    if (!where) throw new Error(`No rule says which rows of ${table} are ${whose}: add one to this test`);
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db.kysely);
    out[table] = Number(rows[0]?.n ?? 0);
  }
  return out;
}

const none = sql`1 = 0`;

/**
 * Per table, the rows that exist because of the person: theirs, their family's (the family of one
 * they hold in these tests), and others' votes on their bugs.
 */
function rowsOfUser(db: Db, person: { id: number; familyId: number }): Promise<Counts> {
  const { id, familyId } = person;
  const mine = sql`user_id = ${id}`;
  const ours = sql`family_id = ${familyId}`;
  const progress = sql`student_id in (select id from students where family_id = ${familyId})
    or deck_id in (select id from decks where family_id = ${familyId})`;
  return countRows(
    db,
    {
      users: sql`id = ${id}`,
      identities: mine,
      password_credentials: mine,
      sessions: mine,
      students: ours,
      decks: ours,
      cards: sql`deck_id in (select id from decks where family_id = ${familyId})`,
      images: ours,
      audio: ours,
      study_sessions: progress,
      card_results: progress,
      study_totals: progress,
      card_totals: progress,
      review_logs: sql`student_id in (select id from students where family_id = ${familyId})
        or card_id in (select id from cards where deck_id in (select id from decks where family_id = ${familyId}))`,
      memory_states: progress,
      new_card_cursors: progress,
      review_activity: progress,
      streak_days: sql`student_id in (select id from students where family_id = ${familyId})`,
      idempotency_keys: ours,
      bugs: mine,
      bug_votes: sql`user_id = ${id} or bug_id in (select id from bugs where user_id = ${id})`,
      app_settings: none,
      families: sql`id = ${familyId}`,
      family_members: sql`user_id = ${id} or family_id = ${familyId}`,
      family_invites: sql`family_id = ${familyId} or created_by = ${id}`,
    },
    `user ${id}'s`,
  );
}

/** Per table, the rows that exist because of the student, pictures only its cards use included. */
function rowsOfStudent(db: Db, familyId: number, id: number): Promise<Counts> {
  const decks = sql`select id from decks where student_id = ${id}`;
  const keysOfOthers = sql`select front_image_key from cards where deck_id not in (${decks}) and front_image_key is not null
    union select back_image_key from cards where deck_id not in (${decks}) and back_image_key is not null`;
  const keysOfStudent = sql`select front_image_key from cards where deck_id in (${decks})
    union select back_image_key from cards where deck_id in (${decks})`;
  const audioOfOthers = sql`select en_audio_key from cards where deck_id not in (${decks}) and en_audio_key is not null
    union select es_audio_key from cards where deck_id not in (${decks}) and es_audio_key is not null`;
  const audioOfStudent = sql`select en_audio_key from cards where deck_id in (${decks})
    union select es_audio_key from cards where deck_id in (${decks})`;
  const progress = sql`student_id = ${id} or deck_id in (${decks})`;
  return countRows(
    db,
    {
      users: none,
      identities: none,
      password_credentials: none,
      sessions: none,
      students: sql`id = ${id}`,
      decks: sql`student_id = ${id}`,
      cards: sql`deck_id in (${decks})`,
      images: sql`family_id = ${familyId} and key in (${keysOfStudent}) and key not in (${keysOfOthers})`,
      audio: sql`family_id = ${familyId} and key in (${audioOfStudent}) and key not in (${audioOfOthers})`,
      study_sessions: progress,
      card_results: progress,
      study_totals: progress,
      card_totals: progress,
      review_logs: sql`student_id = ${id} or card_id in (select id from cards where deck_id in (${decks}))`,
      memory_states: progress,
      new_card_cursors: progress,
      review_activity: progress,
      streak_days: sql`student_id = ${id}`,
      idempotency_keys: none,
      bugs: none,
      bug_votes: none,
      app_settings: none,
      family_members: none,
      family_invites: none,
    },
    `student ${id}'s`,
  );
}

const minus = (a: Counts, b: Counts) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]));
const zeros = (c: Counts) => Object.fromEntries(Object.keys(c).map((k) => [k, 0]));

describe('DELETE /api/students/{id}', () => {
  it('leaves no row of the student and no picture only it used, in any table', async () => {
    const before = await tableCounts(t.db);
    const gone = await rowsOfStudent(t.db, a.familyId, fa.firstStudent);
    // The seed gives the student something in each table it can own rows of.
    for (const table of [
      'students',
      'decks',
      'cards',
      'images',
      'audio',
      'study_sessions',
      'card_results',
      'review_logs',
      'memory_states',
    ]) {
      expect(gone[table], table).toBeGreaterThan(0);
    }
    const bobBefore = await rowsOfUser(t.db, b);

    expect((await a.del(`/api/students/${fa.firstStudent}`)).status).toBe(200);

    expect(await rowsOfStudent(t.db, a.familyId, fa.firstStudent)).toEqual(zeros(gone));
    expect(await tableCounts(t.db)).toEqual(minus(before, gone));
    expect(await rowsOfUser(t.db, b)).toEqual(bobBefore);
    // The picture the shared deck still uses is kept and served; the other one is gone.
    const [sharedPicture, ownPicture] = fa.images;
    expect((await a.get(`/api/images/${sharedPicture}`)).status).toBe(200);
    expect((await a.get(`/api/images/${ownPicture}`)).status).toBe(404);
    const [sharedVoice, ownVoice] = fa.audio;
    expect((await a.get(`/api/audio/${sharedVoice}`)).status).toBe(200);
    expect((await a.get(`/api/audio/${ownVoice}`)).status).toBe(404);
  });
});

describe('DELETE /api/users/delete-account', () => {
  it('leaves no row of the account and no picture, in any table', async () => {
    const before = await tableCounts(t.db);
    const gone = await rowsOfUser(t.db, a);
    // Every table holds something of alice's, so every table is really checked.
    for (const [table, n] of Object.entries(gone)) expect(n, table).toBeGreaterThan(0);
    const bobBefore = await rowsOfUser(t.db, b);

    expect((await a.del('/api/users/delete-account')).status).toBe(200);

    expect(await rowsOfUser(t.db, a)).toEqual(zeros(gone));
    expect(await tableCounts(t.db)).toEqual(minus(before, gone));
    // Bob keeps everything except two votes: alice's on his bug, and his on her bug (gone with it).
    expect(await rowsOfUser(t.db, b)).toEqual({ ...bobBefore, bug_votes: bobBefore.bug_votes! - 2 });
    expect((await a.get('/api/users/me')).status).toBe(401);
    const k = t.db.kysely;
    expect(await k.selectFrom('images').select('key').where('key', 'in', fa.images).execute()).toEqual([]);
    expect(await k.selectFrom('audio').select('key').where('key', 'in', fa.audio).execute()).toEqual([]);
    expect((await b.get('/api/users/export')).status).toBe(200);
  });
});
