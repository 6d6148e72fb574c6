import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedDeck, seedStudent } from '../testing/seed-study';
import { precompiled } from './precompiled';
import { inTransaction } from './transaction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('precompiled queries', () => {
  it('answer each call with its own values, like the query built afresh', async () => {
    const alice = await t.user('alice');
    const bob = await t.user('bob');
    const ana = await seedStudent(t.db, alice.id, 'Ana');
    const ben = await seedStudent(t.db, bob.id, 'Ben');
    await seedDeck(t.db, alice.id, { studentId: ana, title: 'First' });
    await seedDeck(t.db, alice.id, { studentId: ana, title: 'Second' });
    await seedDeck(t.db, bob.id, { studentId: ben, title: 'Bob' });
    const titles = precompiled((db, userId: number, studentId: number) =>
      db
        .selectFrom('decks')
        .select('title')
        .where('family_id', '=', userId)
        .where('student_id', '=', studentId)
        .where('is_archived', '=', 0)
        .orderBy('title')
        .limit(10),
    );
    const fresh = (userId: number, studentId: number) =>
      t.db.kysely
        .selectFrom('decks')
        .select('title')
        .where('family_id', '=', userId)
        .where('student_id', '=', studentId)
        .where('is_archived', '=', 0)
        .orderBy('title')
        .limit(10)
        .execute();
    for (const [user, student] of [
      [alice.familyId, ana],
      [bob.familyId, ben],
      [alice.familyId, ben],
      [alice.familyId, ana],
    ] as const) {
      expect(await titles(t.db.kysely, user, student)).toEqual(await fresh(user, student));
    }
    expect((await titles(t.db.kysely, alice.familyId, ana)).map((r) => r.title)).toEqual(['First', 'Second']);
    // Inside a transaction too (the same compiled form).
    await inTransaction(t.db, async (trx) => {
      expect(await titles(trx, bob.familyId, ben)).toEqual([{ title: 'Bob' }]);
    });
  });

  it('never read what an open transaction has not committed', async () => {
    const carla = await t.user('carla');
    const student = await seedStudent(t.db, carla.id);
    const count = precompiled((db, userId: number) =>
      db
        .selectFrom('decks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('family_id', '=', userId),
    );
    const n = async (p: Promise<{ n: number | string }[]>) => Number((await p)[0]!.n);
    let outside: Promise<{ n: number | string }[]> | undefined;
    await inTransaction(t.db, async (trx) => {
      await seedDeck({ ...t.db, kysely: trx }, carla.id, { studentId: student });
      // Started while the transaction is open, not awaited inside it (that would wait for ever on SQLite).
      outside = count(t.db.kysely, carla.familyId);
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await n(outside!)).toBe(0);
    expect(await n(count(t.db.kysely, carla.familyId))).toBe(0);
    await seedDeck(t.db, carla.id, { studentId: student });
    expect(await n(count(t.db.kysely, carla.familyId))).toBe(1);
  });

  it('refuse a query that does not use every argument as a value', async () => {
    const broken = precompiled((db, _unused: number) => db.selectFrom('decks').select('id'));
    await expect(broken(t.db.kysely, 1)).rejects.toThrow(/every argument/);
  });
});
