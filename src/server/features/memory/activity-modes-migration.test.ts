import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MODES, type AnswerMode, type ReviewRating } from '@shared/constants';
import { quarterHour } from '@shared/local-day';
import { migrate, migrations, type Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { freshTestDatabase, whileNoSchemaIsDropped } from '../../testing/test-database';
import { modeStatistics } from './memory-statistics.service';
import { recordReviews } from './memory.service';
import type { FamilyId } from '../../context';

// Migration 0014 keys the answers per quarter hour by mode as well. A database of the schema
// before it, holding answers in several modes and the activity the saves kept then, is migrated:
// the activity then holds, per student, deck, quarter hour and mode, what the review log says, and
// saves and progress work on it.

let db: Db;
let dispose = async () => {};

/** Brings the database to the last migration before 0014, as an installation of the previous release. */
async function migrateToBefore0014(d: Db) {
  const before = Object.fromEntries(Object.entries(migrations(d.dialect)).filter(([name]) => name < '0014'));
  const migrator = new Migrator({
    db: d.kysely,
    provider: { getMigrations: async () => before },
    ...(d.schema ? { migrationTableSchema: d.schema } : {}),
  });
  const { error } = await whileNoSchemaIsDropped(d, () => migrator.migrateToLatest());
  if (error) throw error;
}

const CREATED = '2025-01-01T00:00:00.000Z';
const NOW = new Date('2025-03-01T12:00:00.000Z');

interface Answer {
  student_id: number;
  card_id: number;
  deck_id: number;
  rating: ReviewRating;
  mode: AnswerMode;
  reviewed_at: string;
}

let userId: number;
let students: number[];
let decks: number[];
let cards: number[];
const answers: Answer[] = [];

/** The log's answers counted per student, deck, UTC quarter hour and mode, sorted like the query below. */
function countedFromLog() {
  const rows = new Map<string, Record<string, unknown> & { reviews: number; correct: number }>();
  for (const a of answers) {
    const slot = quarterHour(Date.parse(a.reviewed_at));
    const key = [a.student_id, a.deck_id, slot, a.mode].join(' ');
    const row = rows.get(key) ?? {
      student_id: a.student_id,
      deck_id: a.deck_id,
      slot,
      mode: a.mode,
      reviews: 0,
      correct: 0,
    };
    row.reviews += 1;
    row.correct += a.rating === 'again' ? 0 : 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (x, y) =>
      Number(x.student_id) - Number(y.student_id) ||
      Number(x.deck_id) - Number(y.deck_id) ||
      String(x.slot).localeCompare(String(y.slot)) ||
      String(x.mode).localeCompare(String(y.mode)),
  );
}

async function storedActivity() {
  const rows = await db.kysely
    .selectFrom('review_activity')
    .select(['student_id', 'deck_id', 'slot', 'mode', 'reviews', 'correct'])
    .orderBy('student_id')
    .orderBy('deck_id')
    .orderBy('slot')
    .orderBy('mode')
    .execute();
  return rows.map((r) => ({ ...r, reviews: Number(r.reviews), correct: Number(r.correct) }));
}

beforeAll(async () => {
  ({ db, dispose } = await freshTestDatabase('m'));
  await migrateToBefore0014(db);
  const k = db.kysely as Kysely<any>; // tables as of 0013
  const one = async (table: string, values: Record<string, unknown>) =>
    ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;

  userId = await one('users', { email: null, email_normalized: null, name: 'Parent', created_at: CREATED });
  students = [
    await one('students', { user_id: userId, name: 'Ana', age: 5, native_language: 'English', created_at: CREATED }),
    await one('students', { user_id: userId, name: 'Ben', age: 9, native_language: 'Español', created_at: CREATED }),
  ];
  decks = [];
  cards = [];
  for (const title of ['Animals', 'Colours']) {
    const deck = await one('decks', {
      user_id: userId,
      student_id: null,
      title,
      color: '#ff6b6b',
      is_imported: 0,
      is_archived: 0,
      created_at: CREATED,
    });
    decks.push(deck);
    for (let n = 0; n < 3; n++)
      cards.push(await one('cards', { deck_id: deck, en: `en${n}`, es: `es${n}`, created_at: CREATED }));
  }
  const deckOf = (card: number) => decks[Math.floor(cards.indexOf(card) / 3)]!;

  // Answers around quarter-hour boundaries and over six weeks (some older than the 30 days of the
  // modes), in every mode, with the ratings each mode gives.
  const times = [
    '2025-01-20T08:14:59.999Z',
    '2025-01-20T08:15:00.000Z',
    '2025-02-10T16:29:30.000Z',
    '2025-02-10T16:44:59.000Z',
    '2025-02-10T16:45:00.000Z',
    '2025-02-28T23:59:59.999Z',
    '2025-03-01T00:00:00.000Z',
    '2025-03-01T11:52:10.123Z',
  ];
  const ratings: Record<AnswerMode, ReviewRating[]> = {
    flip: ['good', 'again', 'easy'],
    listen: ['hard', 'again'],
    choice: ['hard', 'again'],
    match: ['hard'],
    spell: ['good', 'hard', 'again'],
  };
  let i = 0;
  for (const reviewed_at of times) {
    for (const mode of ANSWER_MODES) {
      for (const student of students) {
        if ((i++ * 7) % 3 === 0) continue;
        const card = cards[i % cards.length]!;
        const rating = ratings[mode][i % ratings[mode].length]!;
        answers.push({ student_id: student, card_id: card, deck_id: deckOf(card), rating, mode, reviewed_at });
      }
    }
  }
  await k
    .insertInto('review_logs')
    .values(answers.map(({ deck_id: _d, ...a }) => ({ ...a, duration_ms: null, created_at: a.reviewed_at })))
    .execute();
  // The activity as the saves kept it before: per student, deck and quarter hour, all modes together.
  const before = new Map<
    string,
    { student_id: number; deck_id: number; slot: string; reviews: number; correct: number }
  >();
  for (const a of answers) {
    const slot = quarterHour(Date.parse(a.reviewed_at));
    const key = `${a.student_id} ${a.deck_id} ${slot}`;
    const row = before.get(key) ?? { student_id: a.student_id, deck_id: a.deck_id, slot, reviews: 0, correct: 0 };
    row.reviews += 1;
    row.correct += a.rating === 'again' ? 0 : 1;
    before.set(key, row);
  }
  await k
    .insertInto('review_activity')
    .values([...before.values()])
    .execute();

  await whileNoSchemaIsDropped(db, () => migrate(db));
});

afterAll(async () => {
  await db.close();
  await dispose();
});

describe('migration 0014 (answers per quarter hour and mode)', () => {
  it('fills the activity per mode from the review log', async () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(await storedActivity()).toEqual(countedFromLog());
  });

  it('gives progress the answers per mode from the quarter hour 30 days ago', async () => {
    const from = Date.parse(quarterHour(+NOW - 30 * 86_400_000) + 'Z');
    for (const student of students) {
      const recent = answers.filter((a) => a.student_id === student && Date.parse(a.reviewed_at) >= from);
      const expected = ANSWER_MODES.map((mode) => {
        const that = recent.filter((a) => a.mode === mode);
        const correct = that.filter((a) => a.rating !== 'again').length;
        return {
          mode,
          answers: that.length,
          correct,
          accuracy: that.length === 0 ? null : Math.round((correct / that.length) * 1000) / 10,
        };
      });
      expect(expected.some((m) => m.answers > 0)).toBe(true);
      expect(await modeStatistics(db.kysely, student, NOW)).toEqual(expected);
    }
    // Older answers are in the log but out of the month.
    expect(answers.some((a) => Date.parse(a.reviewed_at) < from)).toBe(true);
  });

  it('adds saves to the row of their mode, one row per student, deck, quarter hour and mode', async () => {
    const at = '2025-03-01T11:52:10.123Z';
    const results = ANSWER_MODES.map((mode, n) => ({
      card_id: cards[n % cards.length]!,
      rating: (mode === 'listen' ? 'hard' : 'again') as ReviewRating,
      mode,
      reviewed_at: at,
    }));
    await inTransaction(db, (trx) =>
      recordReviews(trx, {
        familyId: userId as FamilyId,
        studentId: students[0]!,
        results,
        now: new Date('2025-03-01T12:00:00.000Z'),
      }),
    );
    for (const r of results) {
      answers.push({
        student_id: students[0]!,
        card_id: r.card_id,
        deck_id: decks[Math.floor(cards.indexOf(r.card_id) / 3)]!,
        rating: r.rating,
        mode: r.mode,
        reviewed_at: at,
      });
    }
    expect(await storedActivity()).toEqual(countedFromLog());

    // The key holds the mode: one row per mode in the same student, deck and quarter hour, never two.
    const row = { student_id: students[1]!, deck_id: decks[0]!, slot: '2025-02-01T00:00', reviews: 1, correct: 1 };
    await db.kysely
      .insertInto('review_activity')
      .values({ ...row, mode: 'choice' })
      .execute();
    await db.kysely
      .insertInto('review_activity')
      .values({ ...row, mode: 'match' })
      .execute();
    await expect(
      db.kysely
        .insertInto('review_activity')
        .values({ ...row, mode: 'choice' })
        .execute(),
    ).rejects.toThrow();
  });
});
