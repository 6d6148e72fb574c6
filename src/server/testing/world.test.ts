import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { sameSnapshot, snapshot } from './world';

/** The authorization matrix's proof that a refused call changed nothing rests on these. */
describe('snapshots of the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are the same while nothing is written, and differ after any write', async () => {
    const a = await t.user('snap');
    const student = (await a.post('/api/students', { name: 'Ana' })).body.id as number;
    const before = await snapshot(t.db);
    expect(sameSnapshot(before, await snapshot(t.db))).toBe(true);
    expect((await a.get('/api/students')).status).toBe(200);
    expect(sameSnapshot(before, await snapshot(t.db))).toBe(true);
    await a.put(`/api/students/${student}`, { name: 'Ana María' });
    const renamed = await snapshot(t.db);
    expect(sameSnapshot(before, renamed)).toBe(false);
    expect(renamed.students.map((s) => s.name)).toContain('Ana María');
  });

  it('refuse to compare what snapshot() did not take', async () => {
    const taken = await snapshot(t.db);
    expect(() => sameSnapshot(taken, { ...taken })).toThrow();
  });
});
