import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_DAYS, FORECAST_DAYS, type ReviewRating } from '@shared/constants';
import { forgettingCurveOf, schedulerFor } from '@shared/srs';
import { inTransaction } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../testing/harness';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { deleteDeckMemory, deleteStudentMemory } from './memory.repository';
import { memoryStatistics, streakLength } from './memory-statistics.service';
import { recordReviews } from './memory.service';
import { deckReviewCounts, reviewQueue } from './review-queue.service';
import { DEFAULT_PARAMETERS } from '@shared/schedule';
import type { FamilyId } from '../../context';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.parse('2025-01-15T09:00:00.000Z');
const at = (ms: number) => new Date(ms);

let t: TestApp;
let userId: number;
/** What the services are given: the family the parent is in. */
let familyId: FamilyId;

beforeAll(async () => {
  t = await createTestApp();
  const parent = await t.user('parent');
  userId = parent.id;
  familyId = parent.familyId;
});
afterAll(() => t.close());

async function student(cards: number, settings: { desired_retention?: number } = {}) {
  const studentId = await seedStudent(t.db, userId);
  if (settings.desired_retention) {
    await t.db.kysely.updateTable('students').set(settings).where('id', '=', studentId).execute();
  }
  const deckId = await seedDeck(t.db, userId, { studentId });
  return { studentId, deckId, cards: await seedCards(t.db, deckId, cards) };
}
const answer = (studentId: number, cardId: number, rating: ReviewRating, when: number) =>
  inTransaction(t.db, (trx) =>
    recordReviews(trx, { familyId, studentId, results: [{ card_id: cardId, rating }], now: at(when) }),
  ).then((m) => m.get(cardId)!);
const stats = (studentId: number, now: number, tz = 'UTC') =>
  memoryStatistics(t.db.kysely, { familyId, studentId, tz, now: at(now) });
const queue = (studentId: number, now: number) =>
  reviewQueue(t.db.kysely, { familyId }, { studentId, tz: 'UTC', now: at(now) });

describe('streakLength', () => {
  const days = (...list: string[]) => new Set(list);
  it('counts consecutive finished days back from today; an unfinished today does not break it', () => {
    expect(streakLength(days(), '2025-03-10')).toBe(0);
    expect(streakLength(days('2025-03-10'), '2025-03-10')).toBe(1);
    expect(streakLength(days('2025-03-08', '2025-03-09'), '2025-03-10')).toBe(2);
    expect(streakLength(days('2025-03-08', '2025-03-09', '2025-03-10'), '2025-03-10')).toBe(3);
  });

  it('forgives one missed day in any seven, not two', () => {
    // 7th missed: a rest day.
    expect(streakLength(days('2025-03-05', '2025-03-06', '2025-03-08', '2025-03-09'), '2025-03-09')).toBe(4);
    // Two days missed in a row end it.
    expect(streakLength(days('2025-03-04', '2025-03-05', '2025-03-08', '2025-03-09'), '2025-03-09')).toBe(2);
    // Rest days 8 days apart are both forgiven; 6 days apart only the later one.
    const run = (missed: number[]) =>
      new Set(
        Array.from({ length: 20 }, (_, i) => i)
          .filter((i) => !missed.includes(i))
          .map((i) => new Date(Date.UTC(2025, 2, 20 - i)).toISOString().slice(0, 10)),
      );
    expect(streakLength(run([2, 10]), '2025-03-20')).toBe(18);
    expect(streakLength(run([2, 7]), '2025-03-20')).toBe(6);
    // Yesterday missed while today is not done yet: still a rest day.
    expect(streakLength(days('2025-03-07', '2025-03-08'), '2025-03-10')).toBe(2);
  });
});

describe('memoryStatistics', () => {
  it('gives zeros, empty days and no recall to a student who never reviewed', async () => {
    const { studentId } = await student(3);
    const s = await stats(studentId, T0);
    expect(s).toMatchObject({ cards_learned: 0, cards_due_today: 0, streak_days: 0, average_recall: null });
    expect(s.forecast).toHaveLength(FORECAST_DAYS);
    expect(s.forecast[0]).toEqual({ date: '2025-01-15', due: 0 });
    expect(s.forecast.at(-1)!.date).toBe('2025-01-28');
    expect(s.activity).toHaveLength(ACTIVITY_DAYS);
    expect(s.activity[0]).toEqual({ date: '2024-10-24', reviews: 0, correct: 0 });
    expect(s.activity.at(-1)).toEqual({ date: '2025-01-15', reviews: 0, correct: 0 });
  });

  it('counts learned and due cards, forecasts them per day and averages the predicted recall', async () => {
    const { studentId, cards } = await student(3);
    const easy = await answer(studentId, cards[0]!, 'easy', T0);
    await answer(studentId, cards[1]!, 'again', T0 + MINUTE);
    const s = await stats(studentId, T0 + 2 * MINUTE);
    expect(s.cards_learned).toBe(1);
    // The learning card is due today; the easy one on its day.
    expect(s.cards_due_today).toBe(1);
    const dueDay = Math.round((Date.parse(easy.due.slice(0, 10)) - Date.parse('2025-01-15')) / DAY);
    expect(dueDay).toBeGreaterThan(1);
    expect(s.forecast.map((f) => f.due)).toEqual(
      Array.from({ length: FORECAST_DAYS }, (_, k) => (k === 0 ? 1 : 0) + (k === dueDay ? 1 : 0)),
    );
    expect(s.average_recall).toBe(100);
    expect(s.activity.at(-1)).toEqual({ date: '2025-01-15', reviews: 2, correct: 1 });

    const later = await stats(studentId, Date.parse(easy.due) + 30 * DAY);
    expect(later.average_recall).toBeGreaterThan(0);
    expect(later.average_recall).toBeLessThan(90);
    expect(later.cards_due_today).toBe(2);
  });

  it('averages the recall that src/shared/srs.ts predicts for each card', async () => {
    const { studentId, cards } = await student(5);
    const now = T0 + 40 * DAY;
    // Last reviews from exactly 10 days before now (a whole-day boundary) to a month before.
    const ages = [10 * DAY, 10 * DAY + 1, 3 * DAY + 5 * MINUTE, 17 * DAY, 30 * DAY];
    for (const [i, age] of ages.entries()) {
      await answer(studentId, cards[i]!, 'good', now - age - 10 * MINUTE - 20 * DAY);
      await answer(studentId, cards[i]!, i % 2 ? 'hard' : 'easy', now - age - 20 * DAY);
      await answer(studentId, cards[i]!, 'good', now - age);
    }
    const rows = await t.db.kysely
      .selectFrom('memory_states')
      .selectAll()
      .where('student_id', '=', studentId)
      .execute();
    const scheduler = schedulerFor({ desired_retention: 0.9 });
    const expected =
      rows.reduce(
        (sum, r) => sum + scheduler.recall({ ...r, state: 'review', stability: Number(r.stability) }, now)!,
        0,
      ) / rows.length;
    expect((await stats(studentId, now)).average_recall).toBeCloseTo(expected * 100, 1);
  });

  it("puts the activity on the student's local days", async () => {
    const { studentId, cards } = await student(1);
    await answer(studentId, cards[0]!, 'good', Date.parse('2025-01-15T22:30:00.000Z'));
    const now = Date.parse('2025-01-15T23:10:00.000Z');
    const inMadrid = await stats(studentId, now, 'Europe/Madrid');
    expect(inMadrid.activity.slice(-2)).toEqual([
      { date: '2025-01-15', reviews: 1, correct: 1 },
      { date: '2025-01-16', reviews: 0, correct: 0 },
    ]);
    expect((await stats(studentId, now, 'Asia/Tokyo')).activity.at(-1)).toEqual({
      date: '2025-01-16',
      reviews: 1,
      correct: 1,
    });
    await expect(stats(studentId, now, 'Nowhere/Special')).rejects.toMatchObject({ status: 400 });
  });

  it('grows the streak on each day the whole queue was seen done, with a rest day', async () => {
    // A low retention: the one card comes back weeks later.
    const { studentId, cards } = await student(1, { desired_retention: 0.8 });
    const day = (n: number) => T0 + n * DAY;
    const easy = await answer(studentId, cards[0]!, 'easy', day(0));
    expect(Date.parse(easy.due)).toBeGreaterThan(day(7));
    // Done for today once the queue is empty (read by the Today panel or the progress screen).
    expect((await stats(studentId, day(0) + MINUTE)).streak_days).toBe(1);
    expect((await queue(studentId, day(1))).cards).toEqual([]);
    expect((await stats(studentId, day(1))).streak_days).toBe(2);
    // Day 2 nobody looks (a rest day); day 3 counts again.
    expect((await stats(studentId, day(3))).streak_days).toBe(3);
    // Days 4 and 5 missed: the streak starts over on day 6.
    expect((await stats(studentId, day(6))).streak_days).toBe(1);
  });

  it('does not count a day whose review is left undone', async () => {
    const { studentId, cards } = await student(2);
    await answer(studentId, cards[0]!, 'easy', T0);
    // The second card is still new today.
    expect((await stats(studentId, T0 + MINUTE)).streak_days).toBe(0);
    // A learning step still due later today: not done yet, though nothing is due this minute.
    await answer(studentId, cards[1]!, 'again', T0 + 2 * MINUTE);
    expect((await queue(studentId, T0 + 2 * MINUTE + 30_000)).counts).toEqual({ due: 0, new: 0, learning: 0 });
    expect((await stats(studentId, T0 + 2 * MINUTE + 30_000)).streak_days).toBe(0);
    await answer(studentId, cards[1]!, 'easy', T0 + 3 * MINUTE);
    expect((await stats(studentId, T0 + 4 * MINUTE)).streak_days).toBe(1);
  });

  it("counts a day done once the day's new cards are answered, though more wait for tomorrow", async () => {
    const { studentId, cards } = await student(3);
    await t.db.kysely.updateTable('students').set({ new_per_day: 1 }).where('id', '=', studentId).execute();
    await answer(studentId, cards[0]!, 'easy', T0);
    expect((await queue(studentId, T0 + MINUTE)).counts).toEqual({ due: 0, new: 0, learning: 0 });
    expect((await stats(studentId, T0 + MINUTE)).streak_days).toBe(1);
  });

  it('does not count a day with a review card due, whether or not new cards are left', async () => {
    const { studentId, cards } = await student(2);
    const easy = await answer(studentId, cards[0]!, 'easy', T0);
    const later = Date.parse(easy.due) + DAY;
    // Due again, and the second card still new.
    expect((await queue(studentId, later)).counts).toMatchObject({ due: 1, new: 1 });
    expect((await stats(studentId, later)).streak_days).toBe(0);
    // No new card left: the review card alone keeps the day open.
    await answer(studentId, cards[1]!, 'easy', later);
    expect((await queue(studentId, later + MINUTE)).counts).toMatchObject({ due: 1, new: 0 });
    expect((await stats(studentId, later + MINUTE)).streak_days).toBe(0);
  });

  it("answers another family's student as missing", async () => {
    const other = await t.user('other');
    const theirs = await seedStudent(t.db, other.id);
    await expect(stats(theirs, T0)).rejects.toMatchObject({ status: 404 });
  });
});

describe('deckReviewCounts', () => {
  it('counts the cards due today and the new cards of each deck', async () => {
    const { studentId, deckId, cards } = await student(3);
    const other = await seedDeck(t.db, userId, { studentId });
    await seedCards(t.db, other, 2);
    await answer(studentId, cards[0]!, 'again', T0);
    await answer(studentId, cards[1]!, 'easy', T0);
    const counts = await deckReviewCounts(t.db.kysely, {
      familyId,
      studentId,
      tz: 'UTC',
      now: at(T0 + 2 * MINUTE),
    });
    expect(counts).toEqual(
      new Map([
        [deckId, { due_count: 1, new_count: 1 }],
        [other, { due_count: 0, new_count: 2 }],
      ]),
    );
  });
});

describe('removing memory', () => {
  const rows = async (studentId: number) => {
    const k = t.db.kysely;
    const n = async (table: 'review_logs' | 'memory_states' | 'review_activity' | 'new_card_cursors' | 'streak_days') =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('student_id', '=', studentId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      logs: await n('review_logs'),
      memory: await n('memory_states'),
      activity: await n('review_activity'),
      cursors: await n('new_card_cursors'),
      streak: await n('streak_days'),
    };
  };

  it("forgets one deck's reviews, then all of the student's", async () => {
    const { studentId, deckId, cards } = await student(2);
    const other = await seedDeck(t.db, userId, { studentId });
    const [otherCard] = await seedCards(t.db, other, 1);
    for (const c of [...cards, otherCard!]) await answer(studentId, c, 'easy', T0);
    await stats(studentId, T0 + MINUTE);
    expect(await rows(studentId)).toEqual({ logs: 3, memory: 3, activity: 2, cursors: 2, streak: 1 });

    await inTransaction(t.db, (trx) => deleteDeckMemory(trx, studentId, deckId));
    expect(await rows(studentId)).toEqual({ logs: 1, memory: 1, activity: 1, cursors: 1, streak: 1 });
    expect((await queue(studentId, T0 + 2 * MINUTE)).counts.new).toBe(2);

    await inTransaction(t.db, (trx) => deleteStudentMemory(trx, studentId));
    expect(await rows(studentId)).toEqual({ logs: 0, memory: 0, activity: 0, cursors: 0, streak: 0 });
  });

  it('loses the log and memory of a deleted card, deck or student with them', async () => {
    const { studentId, deckId, cards } = await student(2);
    for (const c of cards) await answer(studentId, c, 'good', T0);
    await t.db.kysely.deleteFrom('cards').where('id', '=', cards[0]!).execute();
    expect(await rows(studentId)).toMatchObject({ logs: 1, memory: 1 });
    await t.db.kysely.deleteFrom('decks').where('id', '=', deckId).execute();
    expect(await rows(studentId)).toEqual({ logs: 0, memory: 0, activity: 0, cursors: 0, streak: 0 });
    const again = await student(1);
    await answer(again.studentId, again.cards[0]!, 'good', T0);
    await stats(again.studentId, T0);
    await t.db.kysely.deleteFrom('students').where('id', '=', again.studentId).execute();
    expect(await rows(again.studentId)).toEqual({ logs: 0, memory: 0, activity: 0, cursors: 0, streak: 0 });
  });
});

describe('average recall with a tuned schedule (issue 26)', () => {
  it('follows the child’s own forgetting curve once tuned', async () => {
    const { studentId, cards } = await student(1);
    const card = await answer(studentId, cards[0]!, 'good', T0);
    const when = Date.parse(card.due) + 20 * DAY;
    const standard = (await stats(studentId, when)).average_recall!;
    // A child whose memory fades faster: a steeper curve (w[20], the decay) on the same stability.
    const steeper = DEFAULT_PARAMETERS.map((x, i) => (i === 20 ? 0.6 : x));
    // The child's own parameters as the schedule feature stores them (memory only reads them).
    const tuned_at = new Date(T0).toISOString();
    const tuning = await t.db.kysely
      .insertInto('schedule_tunings')
      .values({ student_id: studentId, trigger: 'manual', requested_at: tuned_at, status: 'queued' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('student_schedules')
      .values({
        student_id: studentId,
        parameters: JSON.stringify(steeper),
        tuned_at,
        reviews_used: 400,
        tuning_id: tuning.id,
      })
      .execute();
    const tuned = (await stats(studentId, when)).average_recall!;
    const days = Math.floor((when - Date.parse(card.last_review)) / DAY);
    const expected = (w: readonly number[]) => {
      const { factor, decay } = forgettingCurveOf(w);
      return Math.round(Math.pow(1 + (factor * days) / card.stability, decay) * 1000) / 10;
    };
    expect(standard).toBeCloseTo(expected(DEFAULT_PARAMETERS), 1);
    expect(tuned).toBeCloseTo(expected(steeper), 1);
    expect(tuned).toBeLessThan(standard);
  });
});
