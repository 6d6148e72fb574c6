import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '@shared/constants';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedDeck, seedStudent, sessionBody } from '../../testing/seed-study';

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = Date.parse('2031-03-01T10:00:00.000Z');
let t: TestApp;
let a: Agent;
let studentId: number;
let deckId: number;
beforeAll(async () => {
  // Sessions outlive the test's months (they would end after SESSION_MAX_DAYS otherwise).
  t = await createTestApp({ now: () => new Date(clock), env: { SESSION_MAX_DAYS: '365', SESSION_IDLE_DAYS: '365' } });
  a = await t.user('keeper');
  studentId = await seedStudent(t.db, a.id);
  deckId = await seedDeck(t.db, a.id, { studentId });
});
afterAll(() => t.close());

const keys = async () =>
  (await t.db.kysely.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((r) => r.key);

describe('idempotency key retention', () => {
  it(`keeps a save's key for ${IDEMPOTENCY_KEY_RETENTION_DAYS} days, then deletes it`, async () => {
    const save = (key: string) =>
      a.post('/api/study-sessions', {
        ...sessionBody(studentId, deckId, { studied: 2, mastered: 1 }),
        idempotency_key: key,
      });
    expect((await save('first-save-key')).status).toBe(201);
    clock += (IDEMPOTENCY_KEY_RETENTION_DAYS - 1) * DAY_MS;
    expect((await save('second-save-key')).status).toBe(201);
    // Within the retention a retry is still recognised: nothing is deleted.
    expect((await save('first-save-key')).body.duplicate).toBe(true);
    expect(await keys()).toEqual(['first-save-key', 'second-save-key']);

    clock += 2 * DAY_MS;
    expect((await save('third-save-key')).status).toBe(201);
    await vi.waitFor(async () => expect(await keys()).toEqual(['second-save-key', 'third-save-key']));
  });
});
