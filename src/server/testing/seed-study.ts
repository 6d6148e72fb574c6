import { DEFAULT_DECK_COLOR } from '@shared/constants';
import type { Db } from '../db/database';
import { familyOf } from './harness';

/**
 * Test rows written straight into the database, so that study and progress tests do not depend
 * on the students, decks and cards APIs. Timestamps are fixed: nothing here is under test.
 */
const CREATED = '2025-01-01T00:00:00.000Z';

/** Inserts a student of `userId`'s family; returns its id. */
export async function seedStudent(db: Db, userId: number, name = 'Student'): Promise<number> {
  const row = await db.kysely
    .insertInto('students')
    .values({ family_id: await familyOf(db, userId), name, age: null, native_language: 'English', created_at: CREATED })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a deck of `userId`'s family, shared (no student) unless `studentId` is given; returns its id. */
export async function seedDeck(
  db: Db,
  userId: number,
  opts: { studentId?: number | null; title?: string; subtitle?: string | null; color?: string } = {},
): Promise<number> {
  const row = await db.kysely
    .insertInto('decks')
    .values({
      family_id: await familyOf(db, userId),
      student_id: opts.studentId ?? null,
      title: opts.title ?? 'Deck',
      subtitle: opts.subtitle ?? null,
      color: opts.color ?? DEFAULT_DECK_COLOR,
      is_imported: 0,
      original_deck_id: null,
      is_archived: 0,
      created_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts `count` cards ("en1"/"es1", …) into the deck; returns their ids in order. */
export async function seedCards(db: Db, deckId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  // A few hundred rows per statement (SQLite allows 32,766 bound values), in order: ids ascend.
  for (let from = 1; from <= count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from + 1) }, (_, k) => ({
      deck_id: deckId,
      en: `en${from + k}`,
      es: `es${from + k}`,
      en_pronunciation: null,
      es_pronunciation: null,
      front_image_key: null,
      back_image_key: null,
      created_at: CREATED,
    }));
    const inserted = await db.kysely.insertInto('cards').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id).sort((x, y) => x - y));
  }
  return ids;
}

/** A consistent POST /api/study-sessions body: accuracy derived from the counts. */
export function sessionBody(
  studentId: number,
  deckId: number,
  counts: { studied: number; mastered: number; notMastered?: number; seconds?: number; key?: string },
) {
  return {
    student_id: studentId,
    deck_id: deckId,
    cards_studied: counts.studied,
    cards_mastered: counts.mastered,
    cards_not_mastered: counts.notMastered ?? counts.studied - counts.mastered,
    accuracy_percentage: counts.studied === 0 ? 0 : (counts.mastered / counts.studied) * 100,
    study_duration_seconds: counts.seconds ?? 60,
    ...(counts.key ? { idempotency_key: counts.key } : {}),
  };
}
