import { fsrs, default_w } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETER_BOUNDS, TUNE_MIN_REVIEWS, validParameters } from '@shared/schedule';
import { schedulerFor, type Memory } from '@shared/srs';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

// Issue 26 through the HTTP API: a synthetic child whose memory follows known FSRS parameters
// (forgetting faster than the defaults) answers 30 days of reviews; tuning finds parameters that
// predict their most recent answers better than the defaults, and the schedule uses them.

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2030-03-01T16:00:00.000Z');

/** The child's true memory: FSRS-6 with lower initial stabilities and slower growth than the defaults. */
const TRUTH = [...default_w];
TRUTH[0] = 0.1;
TRUTH[1] = 0.3;
TRUTH[2] = 0.6;
TRUTH[3] = 2.0;
TRUTH[8] = 1.2;

/** mulberry32: the same child on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let a: Agent;
let b: Agent;
let clock = T0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { SESSION_IDLE_DAYS: '300', SESSION_MAX_DAYS: '300' } });
  a = await t.user('a');
  b = await t.user('b');
});
afterAll(() => t.close());

type ScheduleBody = {
  parameters: number[];
  tuned_at: string | null;
  reviews_used: number;
  evaluation: {
    log_loss: { default: number; tuned: number };
    rmse_bins: { default: number; tuned: number };
    held_out_reviews: number;
  } | null;
  calibration: { predicted: number; actual: number; count: number }[];
  tuning: { id: number; status: string; kept: boolean | null; reason: string | null } | null;
};

/**
 * Waits for the student's tuning to end (it runs in the background, in a process at the lowest CPU
 * priority: on a busy machine that can take a while) and returns the schedule.
 */
async function settled(studentId: number): Promise<ScheduleBody> {
  const until = Date.now() + 240_000;
  for (;;) {
    const res = await a.get<ScheduleBody>(`/api/students/${studentId}/schedule`);
    expect(res.status, res.text).toBe(200);
    if (res.body.tuning && !['queued', 'running'].includes(res.body.tuning.status)) return res.body;
    if (Date.now() > until) throw new Error(`tuning did not end: ${JSON.stringify(res.body.tuning)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The child starts NEW_PER_DAY new cards a day for 25 days, then only reviews for the last 5 (so
 * that the most recent answers, held out from the fit, are mostly reviews a day or more apart),
 * with the retention their learning settings ask for. About 28,000 answers, 2,600 held out.
 */
const NEW_PER_DAY = 300;
const CARDS = 25 * NEW_PER_DAY;
const DESIRED_RETENTION = 0.8;
/** Answers per POST /api/card-performance (at most CARD_RESULTS_MAX). */
const BATCH = 1000;

/**
 * 30 days of a child studying on their tablet and syncing each day's answers through the API. The
 * cards come back when the product's scheduler (src/shared/srs.ts, with the default parameters and
 * the child's desired retention, as the offline queue uses it) says they are due: every review due
 * that day and the cards in their (re)learning steps, round after round 11 minutes apart, and
 * NEW_PER_DAY new cards in order. Whether the child recalls follows TRUTH. Nothing depends on the
 * database or on the time the test runs: the same answers on every run and on both databases.
 */
async function thirtyDays(studentId: number, cardIds: number[]) {
  const truth = fsrs({ w: TRUTH, enable_short_term: true });
  const app = schedulerFor({ desired_retention: DESIRED_RETENTION });
  const rand = random(26);
  const memory = new Map<number, { s: { stability: number; difficulty: number }; last: number; app: Memory }>();
  let unseen = 0;
  let answers = 0;
  for (let day = 0; day < 30; day++) {
    clock = T0 + day * DAY;
    const endOfDay = new Date(clock).setUTCHours(24, 0, 0, 0);
    const results: { card_id: number; rating: 'good' | 'again'; is_correct: boolean; reviewed_at: string }[] = [];
    for (let round = 0; round < 40; round++) {
      const due = [...memory]
        .filter(([, m]) => Date.parse(m.app.due!) < (m.app.state === 'review' ? endOfDay : clock + 1))
        .map(([id]) => id)
        .sort((x, y) => x - y);
      if (round === 0) due.push(...cardIds.slice(unseen, (unseen += NEW_PER_DAY)));
      if (due.length === 0) break;
      for (const id of due) {
        const m = memory.get(id);
        let recalled = true;
        let next;
        if (!m) next = truth.next_state(null, 0, 3);
        else {
          const days = Math.floor((clock - m.last) / DAY);
          const r = truth.forgetting_curve(days > 0 ? days : (clock - m.last) / DAY, m.s.stability);
          recalled = rand() < r;
          next = truth.next_state(m.s, days, recalled ? 3 : 1);
        }
        const answer = {
          card_id: id,
          rating: recalled ? ('good' as const) : ('again' as const),
          is_correct: recalled,
          reviewed_at: new Date(clock).toISOString(),
        };
        memory.set(id, { s: next, last: clock, app: app.apply(m?.app ?? null, id, answer) });
        results.push(answer);
      }
      clock += 11 * MINUTE;
    }
    for (let i = 0; i < results.length; i += BATCH) {
      const saved = await a.post('/api/card-performance', {
        student_id: studentId,
        card_results: results.slice(i, i + BATCH),
      });
      expect(saved.status, saved.text).toBeLessThan(300);
    }
    answers += results.length;
  }
  return answers;
}

describe('tuning a child’s schedule', () => {
  let studentId: number;
  let cardIds: number[];

  beforeAll(async () => {
    studentId = await seedStudent(t.db, a.id, 'Lea');
    const set = await a.put(`/api/students/${studentId}`, { name: 'Lea', desired_retention: DESIRED_RETENTION });
    expect(set.status, set.text).toBe(200);
    cardIds = await seedCards(t.db, await seedDeck(t.db, a.id, { studentId, title: 'Animals' }), CARDS);
  });

  it('starts with the defaults and refuses to tune with too few answers (422, plain reason)', async () => {
    const res = await a.get<ScheduleBody>(`/api/students/${studentId}/schedule`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tuned_at: null,
      reviews_used: 0,
      evaluation: null,
      calibration: [],
      tuning: null,
    });
    expect(res.body.parameters).toEqual([...default_w]);
    const refused = await a.post(`/api/students/${studentId}/schedule/tune`);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('too_few_answers');
    expect(refused.body.error).toContain(String(TUNE_MIN_REVIEWS));
  });

  it('tunes to 30 days of answers: better log loss than the defaults on held-out answers, calibrated within 5 points', async () => {
    const answers = await thirtyDays(studentId, cardIds);
    expect(answers).toBeGreaterThan(25_000);

    const queued = await a.post(`/api/students/${studentId}/schedule/tune`);
    expect(queued.status, queued.text).toBe(202);
    expect(queued.headers.get('location')).toBe(`/api/students/${studentId}/schedule`);
    expect(queued.body).toMatchObject({ status: 'queued', location: `/api/students/${studentId}/schedule` });
    // A second request while the first waits or runs.
    const again = await a.post(`/api/students/${studentId}/schedule/tune`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('tuning_running');

    const schedule = await settled(studentId);
    expect(schedule.tuning).toMatchObject({ id: queued.body.tuning_id, status: 'done', kept: true });
    const ev = schedule.evaluation!;
    expect(ev.held_out_reviews).toBeGreaterThan(2000);
    expect(ev.log_loss.tuned).toBeLessThan(ev.log_loss.default);
    expect(ev.rmse_bins.tuned).toBeLessThan(ev.rmse_bins.default);
    expect(validParameters(schedule.parameters)).toBe(true);
    expect(schedule.parameters).not.toEqual([...default_w]);
    // The child forgets faster: their first "good" gives a shorter stability than the default.
    expect(schedule.parameters[2]).toBeLessThan(default_w[2]!);
    expect(schedule.tuned_at).toBe(new Date(clock).toISOString());
    expect(schedule.reviews_used).toBeGreaterThan(1000);
    // Every bin of predicted recall that holds 50 answers or more: what happened is within 5 points
    // of what the tuned parameters predicted. The child answers enough that those bins hold a
    // thousand answers or more, where chance alone moves a bin by under 5 points (99.9 %); the
    // answers are the same on every run, so the figures are too.
    const big = schedule.calibration.filter((bin) => bin.count >= 50);
    expect(big.reduce((n, bin) => n + bin.count, 0)).toBeGreaterThan(0.95 * ev.held_out_reviews);
    for (const bin of big) expect(Math.abs(bin.predicted - bin.actual), JSON.stringify(bin)).toBeLessThanOrEqual(0.05);
    expect(schedule.calibration.reduce((n, bin) => n + bin.count, 0)).toBe(ev.held_out_reviews);
    for (const [i, p] of schedule.parameters.entries()) {
      expect(p).toBeGreaterThanOrEqual(PARAMETER_BOUNDS[i]![0]);
      expect(p).toBeLessThanOrEqual(PARAMETER_BOUNDS[i]![1]);
    }

    // Every evaluation is stored.
    const stored = await t.db.kysely
      .selectFrom('schedule_tunings')
      .selectAll()
      .where('student_id', '=', studentId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.log_loss_tuned)).toBe(ev.log_loss.tuned);

    // The review schedules with the child's parameters: a new card answered "good" gets their initial stability.
    clock += DAY;
    const newDeck = await seedDeck(t.db, a.id, { studentId, title: 'Colours' });
    await seedCards(t.db, newDeck, 3);
    const queue = await a.get(`/api/students/${studentId}/review?tz=UTC&deck_id=${newDeck}`);
    const fresh = (queue.body.cards as { id: number; memory: { state: string } }[]).find(
      (c) => c.memory.state === 'new',
    )!;
    const saved = await a.post('/api/card-performance', {
      student_id: studentId,
      card_results: [
        { card_id: fresh.id, rating: 'good', is_correct: true, reviewed_at: new Date(clock).toISOString() },
      ],
    });
    expect(saved.status, saved.text).toBeLessThan(300);
    const states = await a.get(`/api/students/${studentId}/memory-states?tz=UTC`);
    const state = (states.body.states as { card_id: number; stability: number }[]).find((s) => s.card_id === fresh.id)!;
    expect(state.stability).toBeCloseTo(schedule.parameters[2]!, 6);
  }, 300_000);

  it('another family’s student answers like a missing one; DELETE goes back to the defaults', async () => {
    for (const res of [
      await b.get(`/api/students/${studentId}/schedule`),
      await b.post(`/api/students/${studentId}/schedule/tune`),
      await b.del(`/api/students/${studentId}/schedule`),
      await a.get('/api/students/999999/schedule'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const before = await a.get<ScheduleBody>(`/api/students/${studentId}/schedule`);
    expect(before.body.tuned_at).not.toBeNull();
    const reset = await a.del<ScheduleBody>(`/api/students/${studentId}/schedule`);
    expect(reset.status).toBe(200);
    expect(reset.body.parameters).toEqual([...default_w]);
    expect(reset.body.tuned_at).toBeNull();
    // The evaluation stays on record.
    expect(reset.body.evaluation).toEqual(before.body.evaluation);
  });
});
