import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, type ReviewRating } from '@shared/constants';
import { isRecalled, schedulerFor } from '@shared/srs';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { memoryRowColumns } from './memory-sql';

// Two devices study the same student offline, then sync, each sending its outbox in its own order
// and resending what lost its acknowledgement: every answer counts once, and each card's memory is
// what all the answers give in time order, whichever device syncs first.

const MINUTE = 60_000;
const T0 = Date.parse('2025-03-03T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let a: Agent;
let clock = T0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  a = await t.user('a');
});
afterAll(() => t.close());

type Answer = { card: number; rating: ReviewRating; at: number };

/** Each device's answers, in the order it made them; the two interleave in time. */
function devices(cards: number[]): { tablet: Answer[][]; phone: Answer[][] } {
  const [c1, c2, c3] = cards as [number, number, number];
  return {
    // Sessions (one request each), as the outbox holds them.
    tablet: [
      [
        { card: c1, rating: 'good', at: T0 },
        { card: c2, rating: 'again', at: T0 + MINUTE },
      ],
      [
        { card: c1, rating: 'hard', at: T0 + 40 * MINUTE },
        { card: c3, rating: 'good', at: T0 + 41 * MINUTE },
      ],
    ],
    phone: [
      [
        { card: c2, rating: 'good', at: T0 + 20 * MINUTE },
        { card: c1, rating: 'again', at: T0 + 21 * MINUTE },
      ],
      [
        { card: c3, rating: 'easy', at: T0 + 60 * MINUTE },
        { card: c2, rating: 'good', at: T0 + 61 * MINUTE },
      ],
    ],
  };
}

async function post(studentId: number, answers: Answer[], key: string) {
  const res = await a.post('/api/card-performance', {
    student_id: studentId,
    idempotency_key: key,
    card_results: answers.map((r) => ({
      card_id: r.card,
      is_correct: isRecalled(r.rating),
      rating: r.rating,
      reviewed_at: iso(r.at),
    })),
  });
  expect([200, 201], res.text).toContain(res.status);
}

async function student() {
  const studentId = await seedStudent(t.db, a.id);
  const deckId = await seedDeck(t.db, a.id, { studentId });
  return { studentId, cards: await seedCards(t.db, deckId, 3) };
}

/** Syncs both devices' outboxes, `first` device first, each request sent twice (a lost acknowledgement). */
async function sync(studentId: number, cards: number[], first: 'tablet' | 'phone', tag: string) {
  const d = devices(cards);
  const order = first === 'tablet' ? (['tablet', 'phone'] as const) : (['phone', 'tablet'] as const);
  for (const device of order) {
    for (const [i, session] of d[device].entries()) {
      const key = `${tag}${device}${i}`.padEnd(32, '0').slice(0, 32);
      await post(studentId, session, key);
      await post(studentId, session, key);
    }
  }
}

async function outcome(studentId: number) {
  const memory = await t.db.kysely
    .selectFrom('memory_states')
    .select(memoryRowColumns)
    .where('student_id', '=', studentId)
    .orderBy('card_id')
    .execute();
  const logs = await t.db.kysely
    .selectFrom('review_logs')
    .select(['card_id', 'rating', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .execute();
  const results = await t.db.kysely
    .selectFrom('card_results')
    .select('card_id')
    .where('student_id', '=', studentId)
    .execute();
  return { memory, logs, results };
}

describe('two devices syncing the same student', () => {
  for (const first of ['tablet', 'phone'] as const) {
    it(`count every answer once and converge to the time-ordered memory (${first} syncs first)`, async () => {
      const { studentId, cards } = await student();
      clock = T0 + 3 * 60 * MINUTE; // the evening: both back online
      await sync(studentId, cards, first, first === 'tablet' ? 'aaaa' : 'bbbb');

      const d = devices(cards);
      const all = [...d.tablet.flat(), ...d.phone.flat()];
      const { memory, logs, results } = await outcome(studentId);
      expect(results).toHaveLength(all.length);
      expect(logs).toHaveLength(all.length);

      const scheduler = schedulerFor({ desired_retention: DEFAULT_RETENTION });
      for (const card of cards) {
        const log = all
          .filter((r) => r.card === card)
          .sort((x, y) => x.at - y.at)
          .map((r) => ({ rating: r.rating, reviewed_at: iso(r.at) }));
        const stored = memory.find((m) => m.card_id === card)!;
        const { student_id: _s, card_id: _c, deck_id: _d, ...state } = stored;
        expect({ ...state, stability: Number(state.stability), difficulty: Number(state.difficulty) }).toEqual(
          scheduler.replay(card, log),
        );
      }
    });
  }

  it('converge when both devices sync at the same moment', async () => {
    const { studentId, cards } = await student();
    clock = T0 + 3 * 60 * MINUTE;
    const d = devices(cards);
    const all = [...d.tablet.flat(), ...d.phone.flat()];
    // Each device sends its outbox in order, both at once (a school's Wi-Fi coming back).
    await Promise.all(
      (['tablet', 'phone'] as const).map(async (device) => {
        for (const [i, session] of d[device].entries())
          await post(studentId, session, `eeee${device}${i}`.padEnd(32, '0'));
      }),
    );
    const { memory, results } = await outcome(studentId);
    expect(results).toHaveLength(all.length);
    const scheduler = schedulerFor({ desired_retention: DEFAULT_RETENTION });
    for (const card of cards) {
      const log = all.filter((r) => r.card === card).map((r) => ({ rating: r.rating, reviewed_at: iso(r.at) }));
      const { student_id: _s, card_id: _c, deck_id: _d, ...state } = memory.find((m) => m.card_id === card)!;
      expect({ ...state, stability: Number(state.stability), difficulty: Number(state.difficulty) }).toEqual(
        scheduler.replay(card, log),
      );
    }
  });

  it('ends where answering online in time order ends', async () => {
    // Online: each answer sent as it is made, the clock at that moment.
    const online = await student();
    const offline = await student();
    const byTime = (cards: number[]) => {
      const d = devices(cards);
      return [...d.tablet.flat(), ...d.phone.flat()].sort((x, y) => x.at - y.at);
    };
    for (const [i, r] of byTime(online.cards).entries()) {
      clock = r.at;
      await post(online.studentId, [r], `cccc${i}`.padEnd(32, '0'));
    }
    clock = T0 + 3 * 60 * MINUTE;
    await sync(offline.studentId, offline.cards, 'phone', 'dddd');

    // The scheduler's fuzz depends on the card, so the cards are compared by position.
    const strip = (rows: Awaited<ReturnType<typeof outcome>>['memory']) =>
      rows.map(({ student_id: _s, card_id: _c, deck_id: _d, ...m }) => ({
        ...m,
        stability: Number(m.stability),
        difficulty: Number(m.difficulty),
      }));
    const a1 = strip((await outcome(online.studentId)).memory);
    const b1 = strip((await outcome(offline.studentId)).memory);
    expect(b1.map((m) => [m.state, m.reps, m.lapses, m.last_review])).toEqual(
      a1.map((m) => [m.state, m.reps, m.lapses, m.last_review]),
    );
  });
});
