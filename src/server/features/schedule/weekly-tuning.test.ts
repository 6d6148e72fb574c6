import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUNE_MIN_NEW_REVIEWS, TUNE_MIN_REVIEWS } from '@shared/schedule';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { scheduleTuner } from './schedule.service';

// Tuning by itself (issue 26): at most once a week per child with enough new answers, from a job
// table that two instances of the app share (each job runs once) and that outlives a restart.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.parse('2031-05-01T12:00:00.000Z');
let clock = T0;
let one: TestApp;
let two: TestApp;
let parent: Agent;
let studentId: number;
let cards: number[];
let answered = 0;

/**
 * `n` answers spread over the `days` days before the clock (or before `until`), on the student's
 * cards in turn, saved through the API as a device syncs them.
 */
async function answers(n: number, days: number, until = clock) {
  const results = Array.from({ length: n }, (_, i) => ({
    card_id: cards[(answered + i) % cards.length]!,
    rating: i % 5 === 0 ? ('again' as const) : ('good' as const),
    is_correct: i % 5 !== 0,
    reviewed_at: new Date(until - days * DAY + Math.floor((i * days * DAY) / n)).toISOString(),
  }));
  answered += n;
  for (let i = 0; i < results.length; i += 200) {
    const saved = await parent.post('/api/card-performance', {
      student_id: studentId,
      card_results: results.slice(i, i + 200),
    });
    expect(saved.status, saved.text).toBeLessThan(300);
  }
}

const tunings = () =>
  one.db.kysely
    .selectFrom('schedule_tunings')
    .select(['trigger', 'status', 'claimed_by'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

/** Both instances look at the same moment, as two servers behind a load balancer would. */
async function bothTick() {
  await Promise.all([scheduleTuner(one.deps).tick(), scheduleTuner(two.deps).tick()]);
  await Promise.all([scheduleTuner(one.deps).idle(), scheduleTuner(two.deps).idle()]);
}

beforeAll(async () => {
  one = await createTestApp({ now: () => new Date(clock) });
  two = await createTestApp({ now: () => new Date(clock), sameDatabaseAs: one.database });
  parent = await one.user('parent');
  studentId = await seedStudent(one.db, parent.id, 'Lea');
  cards = await seedCards(one.db, await seedDeck(one.db, parent.id, { studentId }), 60);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

describe('weekly tuning', () => {
  it('tunes a child with enough answers once, however many instances look', async () => {
    await answers(TUNE_MIN_REVIEWS + 20, 20);
    await bothTick();
    const rows = await tunings();
    expect(rows.map((r) => [r.trigger, r.status])).toEqual([['weekly', 'done']]);
  });

  it('does not tune again within the week, nor after it without enough new answers', async () => {
    clock += 2 * HOUR;
    await bothTick();
    expect(await tunings()).toHaveLength(1);
    clock += 8 * DAY;
    await answers(TUNE_MIN_NEW_REVIEWS - 1, 7);
    await bothTick();
    expect(await tunings()).toHaveLength(1);
  });

  it('tunes again a week on, once enough new answers arrived', async () => {
    clock += 2 * HOUR;
    await answers(1, 1);
    await bothTick();
    expect((await tunings()).map((r) => [r.trigger, r.status])).toEqual([
      ['weekly', 'done'],
      ['weekly', 'done'],
    ]);
  });

  it('runs a tuning a stopped instance left running, and one queued before a restart', async () => {
    // One active tuning per child at a time (a unique index), so one after the other.
    const left = (status: 'running' | 'queued') => {
      const now = new Date(clock).toISOString();
      return one.db.kysely
        .insertInto('schedule_tunings')
        .values({
          student_id: studentId,
          trigger: 'manual',
          status,
          requested_at: now,
          ...(status === 'running' ? { started_at: now, claimed_by: 'a server that stopped' } : {}),
        })
        .execute();
    };
    await left('running');
    clock += 2 * HOUR;
    await bothTick();
    await left('queued');
    await bothTick();
    const rows = (await tunings()).slice(2);
    expect(rows.map((r) => [r.trigger, r.status])).toEqual([
      ['manual', 'done'],
      ['manual', 'done'],
    ]);
    expect(rows.every((r) => r.claimed_by !== 'a server that stopped')).toBe(true);
  });

  it('counts answers a tablet syncs late, dated before the last tuning, and waits for exactly enough', async () => {
    const before = (await tunings()).length;
    const lastRequest = clock;
    clock += 8 * DAY;
    // Answered offline 25 days ago, 17 days before the last tuning; synced only now.
    await answers(TUNE_MIN_NEW_REVIEWS - 1, 1, lastRequest - 16 * DAY);
    await bothTick();
    expect(await tunings()).toHaveLength(before);
    clock += 2 * HOUR;
    await answers(1, 1, lastRequest - 16 * DAY);
    await bothTick();
    const rows = await tunings();
    expect(rows).toHaveLength(before + 1);
    expect([rows.at(-1)!.trigger, rows.at(-1)!.status]).toEqual(['weekly', 'done']);
  });
});
