import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../test/harness';
import { seedFamily, type Family } from './export.fixtures';

/**
 * "Delete" must mean gone: after deleting a student or an account, not one row that existed
 * because of it is left in any table, and no picture nothing uses any more.
 */

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
  expect((await a.post(`/api/bugs/${fb.bugs[0]}/vote`)).status).toBe(200);
  expect((await b.post(`/api/bugs/${fa.bugs[0]}/vote`)).status).toBe(200);
});
afterAll(() => t.close());

type Counts = Record<string, number>;

async function count(db: Db, query: ReturnType<typeof sql<{ n: number | string }>>): Promise<number> {
  const { rows } = await query.execute(db.kysely);
  return Number(rows[0]?.n ?? 0);
}

/** Per table, the rows that exist because of the user: theirs, and others' votes on their bugs. */
async function rowsOfUser(db: Db, id: number): Promise<Counts> {
  const byUser = (table: string) => count(db, sql`select count(*) as n from ${sql.table(table)} where user_id = ${id}`);
  return {
    users: await count(db, sql`select count(*) as n from users where id = ${id}`),
    identities: await byUser('identities'),
    password_credentials: await byUser('password_credentials'),
    sessions: await byUser('sessions'),
    students: await byUser('students'),
    decks: await byUser('decks'),
    cards: await count(db, sql`select count(*) as n from cards where deck_id in (select id from decks where user_id = ${id})`),
    images: await byUser('images'),
    study_sessions: await count(
      db,
      sql`select count(*) as n from study_sessions where student_id in (select id from students where user_id = ${id})
          or deck_id in (select id from decks where user_id = ${id})`,
    ),
    card_results: await count(
      db,
      sql`select count(*) as n from card_results where student_id in (select id from students where user_id = ${id})
          or deck_id in (select id from decks where user_id = ${id})`,
    ),
    idempotency_keys: await byUser('idempotency_keys'),
    bugs: await byUser('bugs'),
    bug_votes: await count(
      db,
      sql`select count(*) as n from bug_votes where user_id = ${id} or bug_id in (select id from bugs where user_id = ${id})`,
    ),
  };
}

/** Per table, the rows that exist because of the student, pictures only its cards use included. */
async function rowsOfStudent(db: Db, userId: number, id: number): Promise<Counts> {
  const decks = sql`select id from decks where student_id = ${id}`;
  const cardsOfOthers = sql`select front_image_key as k from cards where deck_id not in (${decks}) and front_image_key is not null
    union select back_image_key from cards where deck_id not in (${decks}) and back_image_key is not null`;
  const cardsOfStudent = sql`select front_image_key as k from cards where deck_id in (${decks})
    union select back_image_key from cards where deck_id in (${decks})`;
  const counts: Counts = Object.fromEntries(Object.keys(await tableCounts(db)).map((k) => [k, 0]));
  return {
    ...counts,
    students: await count(db, sql`select count(*) as n from students where id = ${id}`),
    decks: await count(db, sql`select count(*) as n from decks where student_id = ${id}`),
    cards: await count(db, sql`select count(*) as n from cards where deck_id in (${decks})`),
    images: await count(
      db,
      sql`select count(*) as n from images where user_id = ${userId} and key in (${cardsOfStudent}) and key not in (${cardsOfOthers})`,
    ),
    study_sessions: await count(
      db,
      sql`select count(*) as n from study_sessions where student_id = ${id} or deck_id in (${decks})`,
    ),
    card_results: await count(db, sql`select count(*) as n from card_results where student_id = ${id} or deck_id in (${decks})`),
  };
}

const minus = (a: Counts, b: Counts) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]));
const zeros = (c: Counts) => Object.fromEntries(Object.keys(c).map((k) => [k, 0]));

describe('DELETE /api/students/{id}', () => {
  it('leaves no row of the student and no picture only it used, in any table', async () => {
    const before = await tableCounts(t.db);
    const gone = await rowsOfStudent(t.db, a.id, fa.firstStudent);
    expect(Object.keys(gone).sort()).toEqual(Object.keys(before).sort());
    // The seed gives the student something in each table it can own rows of.
    for (const table of ['students', 'decks', 'cards', 'images', 'study_sessions', 'card_results']) {
      expect(gone[table], table).toBeGreaterThan(0);
    }
    const bobBefore = await rowsOfUser(t.db, b.id);

    expect((await a.del(`/api/students/${fa.firstStudent}`)).status).toBe(200);

    expect(await rowsOfStudent(t.db, a.id, fa.firstStudent)).toEqual(zeros(gone));
    expect(await tableCounts(t.db)).toEqual(minus(before, gone));
    expect(await rowsOfUser(t.db, b.id)).toEqual(bobBefore);
    // The picture the shared deck still uses is kept and served; the other one is gone.
    const [sharedPicture, ownPicture] = fa.images;
    expect((await a.get(`/api/images/${sharedPicture}`)).status).toBe(200);
    expect((await a.get(`/api/images/${ownPicture}`)).status).toBe(404);
  });
});

describe('DELETE /api/users/delete-account', () => {
  it('leaves no row of the account and no picture, in any table', async () => {
    const before = await tableCounts(t.db);
    const gone = await rowsOfUser(t.db, a.id);
    expect(Object.keys(gone).sort()).toEqual(Object.keys(before).sort());
    // Every table holds something of alice's, so every table is really checked.
    for (const [table, n] of Object.entries(gone)) expect(n, table).toBeGreaterThan(0);
    const bobBefore = await rowsOfUser(t.db, b.id);

    expect((await a.del('/api/users/delete-account')).status).toBe(200);

    expect(await rowsOfUser(t.db, a.id)).toEqual(zeros(gone));
    expect(await tableCounts(t.db)).toEqual(minus(before, gone));
    // Bob keeps everything except two votes: alice's on his bug, and his on her bug (gone with it).
    expect(await rowsOfUser(t.db, b.id)).toEqual({ ...bobBefore, bug_votes: bobBefore.bug_votes! - 2 });
    expect((await a.get('/api/users/me')).status).toBe(401);
    const k = t.db.kysely;
    expect(await k.selectFrom('images').select('key').where('key', 'in', fa.images).execute()).toEqual([]);
    expect((await b.get('/api/users/export')).status).toBe(200);
  });
});
