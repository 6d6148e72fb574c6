import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Actor, FamilyId, UserId } from './context';
import type { DbHandle } from './db/schema';
import * as access from './features/access';
import { bugsOfUser } from './features/bugs';
import { studentsOfUser } from './features/students';
import { createTestApp, type Agent, type TestApp } from './testing/harness';
import { seedStudent } from './testing/seed-study';

/**
 * A person's id and a family's id are different types: `npx tsc -p .` fails when one is passed for
 * the other. Each `@ts-expect-error` below fails the type check the day the mistake compiles again.
 */
export function mixUps(db: DbHandle, who: Actor): void {
  // @ts-expect-error a person is not a family
  void studentsOfUser(db, who.id);
  // @ts-expect-error a person is not a family
  void access.studentOwned(db, who.id, 1);
  // @ts-expect-error a family is not a person
  void bugsOfUser(db, who.familyId);
  // @ts-expect-error a bare number is neither
  void studentsOfUser(db, 1);
  // Each where it belongs compiles.
  void studentsOfUser(db, who.familyId);
  void bugsOfUser(db, who.id);
}

let t: TestApp;
let parent: Agent & { familyId: FamilyId };

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.user('parent');
});
afterAll(() => t.close());

describe('user and family ids', () => {
  it('are distinct types, each a number underneath', () => {
    expectTypeOf<UserId>().not.toEqualTypeOf<FamilyId>();
    expectTypeOf<UserId>().toMatchTypeOf<number>();
    expectTypeOf<FamilyId>().not.toMatchTypeOf<UserId>();
  });

  it('differ at run time too, so a person id forced in where a family is meant finds nothing', async () => {
    const student = await seedStudent(t.db, parent.id, 'Ana');
    expect(parent.familyId).not.toBe(parent.id);
    expect(await access.studentOwned(t.db.kysely, parent.familyId, student)).toBe(true);
    expect(await access.studentOwned(t.db.kysely, parent.id as number as FamilyId, student)).toBe(false);
  });
});
