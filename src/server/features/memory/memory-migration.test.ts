import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GRADING_MODE,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_RETENTION,
  DEFAULT_REVIEWS_PER_DAY,
} from '@shared/constants';
import { schedulerFor, type Review } from '@shared/srs';
import { migrate, type Db } from '../../db/database';
import { initialMigration } from '../../db/migrations/0001-initial';
import { progressTotalsMigration } from '../../db/migrations/0002-progress-totals';
import { freshTestDatabase, whileNoSchemaIsDropped } from '../../testing/test-database';
import { reviewQueue } from './review-queue.service';
import type { FamilyId } from '../../context';
import { memoryRowColumns } from './memory-sql';

// A family upgrading keeps its history: a database at migration 0002 with card results is
// migrated, and every student's memory of every card is what src/shared/srs.ts gives for its
// results in time order (true → good, false → again).

let db: Db;
let dispose = async () => {};

/** Brings the database to migration 0002, as an installation before spaced repetition. */
async function migrateTo0002(d: Db) {
  const migrator = new Migrator({
    db: d.kysely,
    provider: {
      getMigrations: async () => ({
        '0001-initial': initialMigration(d.dialect),
        '0002-progress-totals': progressTotalsMigration(),
      }),
    },
    ...(d.schema ? { migrationTableSchema: d.schema } : {}),
  });
  const { error } = await whileNoSchemaIsDropped(d, () => migrator.migrateToLatest());
  if (error) throw error;
}

const CREATED = '2024-12-01T00:00:00.000Z';
const BASE = Date.parse('2025-01-01T08:00:00.000Z');
const iso = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

interface Result {
  student_id: number;
  deck_id: number;
  card_id: number;
  is_correct: number;
  created_at: string;
}

let userId: number;
let students: number[];
let decks: number[];
let cards: number[][];
const results: Result[] = [];

beforeAll(async () => {
  ({ db, dispose } = await freshTestDatabase('m'));
  await migrateTo0002(db);
  const k = db.kysely as Kysely<any>; // tables as of 0002
  const one = async (table: string, values: Record<string, unknown>) =>
    ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;

  userId = await one('users', { email: null, email_normalized: null, name: 'Parent', created_at: CREATED });
  students = [
    await one('students', { user_id: userId, name: 'Ana', age: 7, native_language: 'English', created_at: CREATED }),
    await one('students', { user_id: userId, name: 'Ben', age: 9, native_language: 'Español', created_at: CREATED }),
  ];
  decks = [];
  cards = [];
  for (const [i, size] of [3, 1200].entries()) {
    decks.push(
      await one('decks', {
        user_id: userId,
        student_id: students[i],
        title: `Deck ${i}`,
        color: '#ff6b6b',
        is_imported: 0,
        is_archived: 0,
        created_at: CREATED,
      }),
    );
    const rows = Array.from({ length: size }, (_, n) => ({
      deck_id: decks[i],
      en: `en${n}`,
      es: `es${n}`,
      created_at: CREATED,
    }));
    const ids: number[] = [];
    for (let s = 0; s < rows.length; s += 200) {
      const got = (await k
        .insertInto('cards')
        .values(rows.slice(s, s + 200))
        .returning('id')
        .execute()) as { id: number }[];
      ids.push(...got.map((r) => r.id).sort((a, b) => a - b));
    }
    cards.push(ids);
  }

  // Ana: stored out of time order, a tie within one save, and a card never answered.
  const [a0, a1] = cards[0]! as [number, number];
  const ana = (card: number, ok: boolean, minutes: number): Result => ({
    student_id: students[0]!,
    deck_id: decks[0]!,
    card_id: card,
    is_correct: ok ? 1 : 0,
    created_at: iso(minutes),
  });
  results.push(
    ana(a0, true, 3 * 24 * 60),
    ana(a0, true, 0),
    ana(a0, false, 10),
    ana(a0, true, 20),
    ana(a1, true, 60),
    ana(a1, false, 60),
    ana(a1, true, 9 * 24 * 60),
  );
  // Ben: a long history over three batches of cards, spread over weeks.
  let seed = 7;
  const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
  for (const card of cards[1]!.slice(0, 1100)) {
    let minutes = random(60 * 24 * 30);
    for (let r = 0; r <= random(4); r++) {
      results.push({
        student_id: students[1]!,
        deck_id: decks[1]!,
        card_id: card,
        is_correct: random(3) === 0 ? 0 : 1,
        created_at: iso(minutes),
      });
      minutes += 10 + random(60 * 24 * 5);
    }
  }
  for (let s = 0; s < results.length; s += 200)
    await k
      .insertInto('card_results')
      .values(results.slice(s, s + 200))
      .execute();

  await whileNoSchemaIsDropped(db, () => migrate(db));
});

afterAll(async () => {
  await db?.close();
  await dispose();
});

describe('migration 0003-memory', () => {
  it('replays every card result, in time order, into the log and the memory srs.ts computes', async () => {
    const scheduler = schedulerFor({ desired_retention: DEFAULT_RETENTION });
    // Results as stored (by id), each card's in time order; ties keep the order they were stored.
    const logs = new Map<string, Review[]>();
    for (const r of [...results].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
      const key = `${r.student_id}:${r.card_id}`;
      logs.set(key, [...(logs.get(key) ?? []), { rating: r.is_correct ? 'good' : 'again', reviewed_at: r.created_at }]);
    }
    const stored = await db.kysely.selectFrom('memory_states').select(memoryRowColumns).execute();
    expect(stored).toHaveLength(logs.size);
    for (const row of stored) {
      const { student_id, card_id, deck_id, ...memory } = row;
      expect(deck_id).toBe(student_id === students[0] ? decks[0] : decks[1]);
      expect({ ...memory, stability: Number(memory.stability), difficulty: Number(memory.difficulty) }).toEqual(
        scheduler.replay(card_id, logs.get(`${student_id}:${card_id}`)!),
      );
    }

    const log = await db.kysely
      .selectFrom('review_logs')
      .select(['student_id', 'card_id', 'rating', 'reviewed_at', 'duration_ms'])
      .orderBy('id')
      .execute();
    expect(log).toHaveLength(results.length);
    expect(log.filter((l) => l.student_id === students[0])).toEqual(
      [...logs]
        .flatMap(([key, reviews]) =>
          key.startsWith(`${students[0]}:`)
            ? reviews.map((r) => ({
                student_id: students[0],
                card_id: Number(key.split(':')[1]),
                rating: r.rating,
                reviewed_at: r.reviewed_at,
                duration_ms: null,
              }))
            : [],
        )
        .sort((a, b) => a.reviewed_at.localeCompare(b.reviewed_at)),
    );
  });

  it('counts the history in the activity and keeps the tie of one save in its stored order', async () => {
    const totals = await db.kysely
      .selectFrom('review_activity')
      .select([
        'student_id',
        (eb) => eb.fn.sum<number>('reviews').as('reviews'),
        (eb) => eb.fn.sum<number>('correct').as('correct'),
      ])
      .groupBy('student_id')
      .orderBy('student_id')
      .execute();
    expect(totals.map((t) => ({ ...t, reviews: Number(t.reviews), correct: Number(t.correct) }))).toEqual(
      students.map((s) => ({
        student_id: s,
        reviews: results.filter((r) => r.student_id === s).length,
        correct: results.filter((r) => r.student_id === s && r.is_correct).length,
      })),
    );
    const tie = await db.kysely
      .selectFrom('review_logs')
      .select('rating')
      .where('card_id', '=', cards[0]![1]!)
      .where('reviewed_at', '=', iso(60))
      .orderBy('id')
      .execute();
    expect(tie.map((r) => r.rating)).toEqual(['good', 'again']);
  });

  it('gives every student the default learning settings', async () => {
    const rows = await db.kysely
      .selectFrom('students')
      .select(['desired_retention', 'new_per_day', 'max_reviews_per_day', 'grading', 'auto_read'])
      .execute();
    expect(rows.map((r) => ({ ...r, desired_retention: Number(r.desired_retention) }))).toEqual(
      students.map(() => ({
        desired_retention: DEFAULT_RETENTION,
        new_per_day: DEFAULT_NEW_PER_DAY,
        max_reviews_per_day: DEFAULT_REVIEWS_PER_DAY,
        grading: DEFAULT_GRADING_MODE,
        auto_read: 0,
      })),
    );
  });

  it('offers the cards never answered as new, in deck order', async () => {
    const now = new Date(BASE + 90 * 24 * 3600_000);
    const queue = (studentId: number) =>
      reviewQueue(db.kysely, { familyId: userId as FamilyId }, { studentId, tz: 'UTC', now });
    const ana = await queue(students[0]!);
    expect(ana.cards.filter((c) => c.memory.state === 'new').map((c) => c.id)).toEqual([cards[0]![2]]);
    const ben = await queue(students[1]!);
    expect(ben.counts.new).toBe(DEFAULT_NEW_PER_DAY);
    expect(ben.counts.due).toBe(DEFAULT_REVIEWS_PER_DAY);
    const cursor = await db.kysely
      .selectFrom('new_card_cursors')
      .select('seen_through')
      .where('student_id', '=', students[1]!)
      .executeTakeFirstOrThrow();
    expect(cursor.seen_through).toBe(cards[1]![1099]);
  });
});
