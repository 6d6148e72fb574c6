import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MODES, MODE_STATISTICS_DAYS } from '@shared/constants';
import { addDays, quarterHour, startOfLocalDay } from '@shared/local-day';
import { createTestApp, sessionCookie, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';

// Progress reads the answers per day from what the saves keep (review_activity, per student, deck and
// quarter hour), never from the answer log. These tests hold it to the log: whatever happens, the
// 12-week activity equals the log's answers counted per local day afresh.

let clock = Date.parse('2025-05-01T10:00:00.000Z');
let t: TestApp;
let a: Agent;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  a = await t.user('a');
});
afterAll(() => t.close());

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

/** The activity as the log gives it: each answer of the student counted on its local day in `tz`. */
async function activityFromLog(studentId: number, days: string[], tz: string) {
  const log = await t.db.kysely
    .selectFrom('review_logs')
    .select(['rating', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .execute();
  return days.map((date) => {
    const from = startOfLocalDay(date, tz);
    const to = startOfLocalDay(addDays(date, 1), tz);
    const that = log.filter((r) => Date.parse(r.reviewed_at) >= from && Date.parse(r.reviewed_at) < to);
    return { date, reviews: that.length, correct: that.filter((r) => r.rating !== 'again').length };
  });
}

/**
 * The answers per mode as the log gives them: every answer of the student from the UTC quarter
 * hour that began MODE_STATISTICS_DAYS days ago.
 */
async function modesFromLog(studentId: number) {
  const from = Date.parse(quarterHour(clock - MODE_STATISTICS_DAYS * 86_400_000) + 'Z');
  const log = await t.db.kysely
    .selectFrom('review_logs')
    .select(['rating', 'mode', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .execute();
  return ANSWER_MODES.map((mode) => {
    const that = log.filter((r) => r.mode === mode && Date.parse(r.reviewed_at) >= from);
    const correct = that.filter((r) => r.rating !== 'again').length;
    return {
      mode,
      answers: that.length,
      correct,
      accuracy: that.length === 0 ? null : Math.round((correct / that.length) * 1000) / 10,
    };
  });
}

async function modes(studentId: number) {
  const res = await a.get(`/api/progress/${studentId}`);
  expect(res.status).toBe(200);
  return res.body.memory_statistics.modes as unknown[];
}

async function activity(studentId: number, tz: string) {
  const res = await a.get(`/api/progress/${studentId}?tz=${encodeURIComponent(tz)}`);
  expect(res.status).toBe(200);
  return res.body.memory_statistics.activity as { date: string; reviews: number; correct: number }[];
}

describe('activity of the progress screen', () => {
  it('equals the answer log through saves in every mode, card and deck deletions, progress removal and resets', async () => {
    const next = random(7);
    const student = await seedStudent(t.db, a.id, 'Ana');
    const sibling = await seedStudent(t.db, a.id, 'Luis');
    const decks = [
      await seedDeck(t.db, a.id, { studentId: student, title: 'Own 1' }),
      await seedDeck(t.db, a.id, { studentId: student, title: 'Own 2' }),
      await seedDeck(t.db, a.id, { title: 'Shared' }),
    ];
    const cards = new Map<number, number[]>();
    for (const d of decks) cards.set(d, await seedCards(t.db, d, 5));
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];

    for (let step = 0; step < 60; step++) {
      // Minutes to a day between answers, so that they fall into many quarter hours and local days
      // (within the session's 30 days).
      clock += next(24) * 37 * 60_000 + (next(10) === 0 ? 86_400_000 : 0);
      const live = decks.filter((d) => cards.has(d));
      const deck = live[next(live.length)]!;
      const who = deck === decks[2] && next(2) === 0 ? sibling : student;
      const op = next(20);
      if (op < 15) {
        const pool = cards.get(deck)!;
        if (pool.length === 0) continue;
        // Answers of one save in several modes, as a session mixing games sends them.
        const card_results = Array.from({ length: 1 + next(8) }, () => ({
          card_id: pool[next(pool.length)]!,
          is_correct: next(3) > 0,
          mode: ANSWER_MODES[next(ANSWER_MODES.length)]!,
        }));
        expect((await a.post('/api/card-performance', { student_id: who, card_results })).status).toBe(201);
      } else if (op === 15) {
        const pool = cards.get(deck)!;
        if (pool.length === 0) continue;
        expect((await a.del(`/api/cards/${pool.pop()}`)).status).toBe(200);
      } else if (op === 16) {
        expect((await a.del(`/api/students/${student}/decks/${deck}/remove-progress`)).status).toBe(200);
      } else if (op === 17 && live.length > 1) {
        expect((await a.del(`/api/decks/${deck}`)).status).toBe(200);
        cards.delete(deck);
      } else if (op === 18 && next(3) === 0) {
        expect((await a.del(`/api/students/${sibling}/nuke-progress`)).status).toBe(200);
      }
      if (step % 6 === 5) {
        for (const id of [student, sibling]) {
          const tz = zones[next(zones.length)]!;
          const got = await activity(id, tz);
          expect(got, `step ${step}, ${tz}`).toEqual(
            await activityFromLog(
              id,
              got.map((d) => d.date),
              tz,
            ),
          );
          expect(await modes(id), `step ${step}, modes`).toEqual(await modesFromLog(id));
        }
      }
    }
    // The history did reach the screen.
    expect((await activity(student, 'UTC')).some((d) => d.reviews > 0)).toBe(true);
    const counted = (await modesFromLog(student)).filter((m) => m.answers > 0);
    expect(counted.length).toBeGreaterThan(2);

    // Each removal once more, whatever the random steps did, then time moving answers out of the month.
    const both = async (why: string) => {
      for (const id of [student, sibling]) expect(await modes(id), why).toEqual(await modesFromLog(id));
    };
    const shared = decks[2]!;
    if (cards.has(shared)) {
      const pool = cards.get(shared)!;
      for (const who of [student, sibling]) {
        const card_results = pool.map((card_id, i) => ({
          card_id,
          is_correct: i % 2 === 0,
          mode: ANSWER_MODES[i % 5]!,
        }));
        expect((await a.post('/api/card-performance', { student_id: who, card_results })).status).toBe(201);
      }
      await both('after saves in every mode');
      expect((await a.del(`/api/cards/${pool.pop()}`)).status).toBe(200);
      await both('after deleting a card');
      expect((await a.del(`/api/students/${student}/decks/${shared}/remove-progress`)).status).toBe(200);
      await both("after removing a deck's progress");
    }
    expect((await a.del(`/api/students/${sibling}/nuke-progress`)).status).toBe(200);
    await both('after nuking progress');
    expect((await modesFromLog(sibling)).every((m) => m.answers === 0)).toBe(true);
    for (let days = 0; days < 40; days += 5) {
      clock += 5 * 86_400_000 + 7 * 60_000;
      // Signed in again as the weeks pass (a session ends SESSION_MAX_DAYS after sign-in).
      const login = await t.visitor.post('/api/auth/local/login', {
        email: a.email,
        password: 'correct horse battery',
      });
      expect(login.status).toBe(200);
      a = t.agent(sessionCookie(login.headers), { id: a.id, email: a.email, name: a.name });
      await both(`${days + 5} days later`);
    }
    expect((await modesFromLog(student)).every((m) => m.answers === 0)).toBe(true);
  });
});
