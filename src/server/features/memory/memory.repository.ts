import { sql, type CompiledQuery, type ExpressionBuilder } from 'kysely';
import type { AnswerMode, ReviewRating } from '@shared/constants';
import { quarterHour } from '@shared/local-day';
import type { ReviewedMemory } from '@shared/srs';
import { compiledPerLength, precompiled } from '../../db/precompiled';
import type { Database, DbHandle } from '../../db/schema';
import { memoryColumns, rowsOf, valuesOf, type LearningSettingsRow, type MemoryColumns } from './memory-sql';
import type { FamilyId } from '../../context';

/**
 * The SQL that writes spaced repetition: the review log (append-only), each student's memory per
 * card, and what speeds up reading them: a cursor per deck below which every card has been seen
 * (new cards are found without walking through the known ones) and answers counted per UTC
 * quarter hour and mode (the activity calendar in any time zone, answers per mode). Reads are in review-queue.repository.ts
 * and memory-statistics.repository.ts. Every function takes the database or a transaction.
 */

export type { LearningSettingsRow } from './memory-sql';

export interface ReviewLogRow {
  student_id: number;
  card_id: number;
  rating: ReviewRating;
  mode: AnswerMode;
  reviewed_at: string;
  duration_ms: number | null;
  created_at: string;
}

export type MemoryRow = ReviewedMemory & { student_id: number; card_id: number; deck_id: number };

/** Answers of a student in one deck, UTC quarter hour and mode. */
export interface ActivityRow {
  student_id: number;
  deck_id: number;
  slot: string;
  mode: AnswerMode;
  reviews: number;
  correct: number;
}

/** A card about to be reviewed: its deck and the student's memory of it. */
export interface ReviewTarget extends MemoryColumns {
  card_id: number;
  deck_id: number;
}

// Multi-row statements in slices, within the bound-parameter limits of both databases.
const ROWS_PER_STATEMENT = 200;

function slicesOf<T>(rows: T[]): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) slices.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return slices;
}

// ---- Writing reviews ------------------------------------------------------------------------

const settingsOfStudent = precompiled((db, familyId: FamilyId, studentId: number) =>
  db
    .selectFrom('students')
    .select(['desired_retention', 'new_per_day', 'max_reviews_per_day', 'grading'])
    .where('id', '=', studentId)
    .where('family_id', '=', familyId),
);

/** The learning settings of the user's student; undefined when the student is not theirs. */
export async function learningSettings(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
): Promise<LearningSettingsRow | undefined> {
  const row = (await settingsOfStudent(db, familyId, studentId))[0];
  return row && { ...row, desired_retention: Number(row.desired_retention) };
}

// The statements of every save, compiled once per number of rows (db/precompiled.ts).
// Read from the cards asked for, each deck checked by its key: joined to the decks, the planner may
// start from the user's decks instead and probe each of them (thousands, for a big school). The
// student's row (by its key, when it is the family's) brings its learning settings along: one
// round trip fewer for every save.
const targetsOf = compiledPerLength((db, familyId, studentId, ...cardIds) =>
  db
    .selectFrom('cards')
    .innerJoin('students as s', (join) =>
      join.on('s.id', '=', studentId as number).on('s.family_id', '=', familyId as number),
    )
    // The family's deck holding the card, or following the shared deck holding it (issue 23).
    .innerJoin('decks', (j) =>
      j.on((eb) =>
        eb.or([
          eb('decks.id', '=', eb.ref('cards.deck_id')),
          eb('decks.shared_from_deck_id', '=', eb.ref('cards.deck_id')),
        ]),
      ),
    )
    .leftJoin('memory_states as m', (join) =>
      join.onRef('m.card_id', '=', 'cards.id').on('m.student_id', '=', studentId as number),
    )
    .select([
      's.desired_retention',
      's.new_per_day',
      's.max_reviews_per_day',
      's.grading',
      'cards.id as card_id',
      'decks.id as deck_id',
      ...memoryColumns.map((c) => `m.${c}` as const),
    ])
    .where('cards.id', 'in', cardIds as number[])
    .where('decks.family_id', '=', familyId as number)
    .where((d) => d.or([d('decks.student_id', 'is', null), d('decks.student_id', '=', studentId as number)])),
);

/** The deck whose cards `deckId` shows: the shared deck it follows, or itself (issue 23). */
function cardSourceOf(eb: ExpressionBuilder<Database, keyof Database>, deckId: number) {
  return eb
    .selectFrom('decks as source')
    .select((e) => e.fn.coalesce('source.shared_from_deck_id', 'source.id').as('id'))
    .where('source.id', '=', deckId);
}

const LOG_COLUMNS = ['student_id', 'card_id', 'rating', 'mode', 'reviewed_at', 'duration_ms', 'created_at'] as const;
const logInsert = compiledPerLength((db, ...values) =>
  db.insertInto('review_logs').values(rowsOf(values, LOG_COLUMNS) as ReviewLogRow[]),
);

const MEMORY_ROW_COLUMNS = ['student_id', 'card_id', 'deck_id', ...memoryColumns] as const;
const memoryUpsert = compiledPerLength((db, ...values) =>
  db
    .insertInto('memory_states')
    .values(rowsOf(values, MEMORY_ROW_COLUMNS) as MemoryRow[])
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'card_id'])
        .doUpdateSet((eb) => Object.fromEntries(memoryColumns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    ),
);

const ACTIVITY_COLUMNS = ['student_id', 'deck_id', 'slot', 'mode', 'reviews', 'correct'] as const;
const activityUpsert = compiledPerLength((db, ...values) =>
  db
    .insertInto('review_activity')
    .values(rowsOf(values, ACTIVITY_COLUMNS) as ActivityRow[])
    .onConflict((oc) =>
      oc.columns(['student_id', 'slot', 'deck_id', 'mode']).doUpdateSet((eb) => ({
        reviews: eb('review_activity.reviews', '+', eb.ref('excluded.reviews')),
        correct: eb('review_activity.correct', '+', eb.ref('excluded.correct')),
      })),
    ),
);

/**
 * The cards among `cardIds` the user's student may study, each with its deck and the student's
 * memory of it, and the student's learning settings; no settings when no card was found (the
 * student may not be the family's: ask learningSettings).
 */
export async function reviewTargets(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
  cardIds: number[],
): Promise<{ settings?: LearningSettingsRow; targets: ReviewTarget[] }> {
  const targets: ReviewTarget[] = [];
  let settings: LearningSettingsRow | undefined;
  for (const slice of slicesOf(cardIds)) {
    for (const { desired_retention, new_per_day, max_reviews_per_day, grading, ...target } of await targetsOf(db, [
      familyId,
      studentId,
      ...slice,
    ])) {
      settings ??= { desired_retention: Number(desired_retention), new_per_day, max_reviews_per_day, grading };
      targets.push(target);
    }
  }
  return { settings, targets };
}

/** The statements (not run: db/write-together.ts) that append answers to the log; ids follow the order of `rows`. */
export function reviewLogWrites(db: DbHandle, rows: ReviewLogRow[]): CompiledQuery[] {
  return slicesOf(rows).map((slice) => logInsert.query(db, valuesOf(slice, LOG_COLUMNS)));
}

/** A card's whole log, in the order it is replayed (reviewed_at, then the order it was stored). */
export function cardLog(
  db: DbHandle,
  studentId: number,
  cardId: number,
): Promise<{ rating: ReviewRating; reviewed_at: string }[]> {
  return db
    .selectFrom('review_logs')
    .select(['rating', 'reviewed_at'])
    .where('student_id', '=', studentId)
    .where('card_id', '=', cardId)
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute() as Promise<{ rating: ReviewRating; reviewed_at: string }[]>;
}

/** The statements (not run) that store memory states (one row per card in `rows`), replacing those already stored. */
export function memoryStateWrites(db: DbHandle, rows: MemoryRow[]): CompiledQuery[] {
  return slicesOf(rows).map((slice) => memoryUpsert.query(db, valuesOf(slice, MEMORY_ROW_COLUMNS)));
}

/**
 * Moves each deck's cursor up past the cards now seen: just below the first card above it that the
 * student has no memory of, or to the deck's last card. Call after storing the first memory of a
 * card of these decks.
 */
export async function advanceNewCardCursors(db: DbHandle, studentId: number, deckIds: number[]): Promise<void> {
  for (const deckId of deckIds) {
    const cursor = await db
      .selectFrom('new_card_cursors')
      .select('seen_through')
      .where('student_id', '=', studentId)
      .where('deck_id', '=', deckId)
      .executeTakeFirst();
    const row = await db
      .selectFrom('cards')
      .select((eb) => [
        eb.fn
          .min('cards.id')
          .filterWhere((f) =>
            f.not(
              f.exists(
                f
                  .selectFrom('memory_states as m')
                  .select('m.card_id')
                  .where('m.student_id', '=', studentId)
                  .whereRef('m.card_id', '=', 'cards.id'),
              ),
            ),
          )
          .as('first_unseen'),
        eb.fn.max('cards.id').as('last'),
      ])
      .where('cards.deck_id', '=', (eb) => cardSourceOf(eb, deckId))
      .where('cards.id', '>', cursor?.seen_through ?? 0)
      .executeTakeFirst();
    const seenThrough = row?.first_unseen != null ? Number(row.first_unseen) - 1 : row?.last;
    if (seenThrough == null || seenThrough === cursor?.seen_through) continue;
    await db
      .insertInto('new_card_cursors')
      .values({ student_id: studentId, deck_id: deckId, seen_through: Number(seenThrough) })
      .onConflict((oc) =>
        oc.columns(['student_id', 'deck_id']).doUpdateSet((eb) => ({ seen_through: eb.ref('excluded.seen_through') })),
      )
      .execute();
  }
}

/** The statements (not run) that add answers to the per-quarter-hour counts (one row per deck, slot and mode in `rows`). */
export function activityWrites(db: DbHandle, rows: ActivityRow[]): CompiledQuery[] {
  return slicesOf(rows).map((slice) => activityUpsert.query(db, valuesOf(slice, ACTIVITY_COLUMNS)));
}

// ---- Removing progress ----------------------------------------------------------------------------

/** Forgets everything the student reviewed (nuke progress): log, memory, cursors, activity, streak. */
export async function deleteStudentMemory(db: DbHandle, studentId: number): Promise<void> {
  for (const table of ['review_logs', 'memory_states', 'new_card_cursors', 'review_activity', 'streak_days'] as const) {
    await db.deleteFrom(table).where('student_id', '=', studentId).execute();
  }
}

/** Forgets what the student reviewed in one deck (remove deck progress); the streak stays. */
export async function deleteDeckMemory(db: DbHandle, studentId: number, deckId: number): Promise<void> {
  await db
    .deleteFrom('review_logs')
    .where('student_id', '=', studentId)
    .where('card_id', 'in', (eb) =>
      eb
        .selectFrom('cards')
        .select('cards.id')
        .where('cards.deck_id', '=', (e) => cardSourceOf(e, deckId)),
    )
    .execute();
  for (const table of ['memory_states', 'new_card_cursors', 'review_activity'] as const) {
    await db.deleteFrom(table).where('student_id', '=', studentId).where('deck_id', '=', deckId).execute();
  }
}

/**
 * Takes the answers of a card out of the per-quarter-hour counts, before the card goes and its log
 * with it by cascade: the counts stay what the log says. The answers of families whose deck follows
 * the card's (shared) deck are counted in their own deck.
 */
export async function forgetCardActivity(db: DbHandle, cardId: number): Promise<void> {
  const answers = await db
    .selectFrom('review_logs as r')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('decks as d', (j) =>
      j
        .onRef('d.family_id', '=', 's.family_id')
        .on((eb) =>
          eb.or([eb('d.id', '=', eb.ref('c.deck_id')), eb('d.shared_from_deck_id', '=', eb.ref('c.deck_id'))]),
        ),
    )
    .select(['r.student_id', 'd.id as deck_id', 'r.rating', 'r.mode', 'r.reviewed_at'])
    .where('c.id', '=', cardId)
    .execute();
  const counts = new Map<string, ActivityRow>();
  for (const r of answers) {
    const slot = quarterHour(Date.parse(r.reviewed_at));
    const mode = r.mode as AnswerMode;
    const key = `${r.student_id} ${r.deck_id} ${slot} ${mode}`;
    const row = counts.get(key) ?? { student_id: r.student_id, deck_id: r.deck_id, slot, mode, reviews: 0, correct: 0 };
    row.reviews += 1;
    if (r.rating !== 'again') row.correct += 1;
    counts.set(key, row);
  }
  for (const row of counts.values()) {
    await db
      .updateTable('review_activity')
      .set((eb) => ({ reviews: eb('reviews', '-', row.reviews), correct: eb('correct', '-', row.correct) }))
      .where('student_id', '=', row.student_id)
      .where('deck_id', '=', row.deck_id)
      .where('slot', '=', row.slot)
      .where('mode', '=', row.mode)
      .execute();
  }
  if (counts.size > 0) {
    await db
      .deleteFrom('review_activity')
      .where('student_id', 'in', [...new Set([...counts.values()].map((r) => r.student_id))])
      .where('reviews', '<=', 0)
      .execute();
  }
}

// ---- The data export -----------------------------------------------------------------------------

/** Every answer in the log of the user's students, in the order they were stored. */
export function reviewLogsOfUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('review_logs as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['r.id', 'r.student_id', 'r.card_id', 'r.rating', 'r.reviewed_at', 'r.duration_ms', 'r.created_at'])
    .where('s.family_id', '=', familyId)
    .orderBy('r.id')
    .execute();
}

/** The memory of every card the user's students have answered. */
export function memoryStatesOfUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('memory_states as m')
    .innerJoin('students as s', 's.id', 'm.student_id')
    .select(['m.student_id', 'm.card_id', 'm.deck_id', ...memoryColumns.map((c) => `m.${c}` as const)])
    .where('s.family_id', '=', familyId)
    .orderBy('m.student_id')
    .orderBy('m.card_id')
    .execute();
}

// ---- A shared deck stops being shared (issue 23) --------------------------------------------------

/** The pairs as one CASE over `column`, literal integers (ids read from the database). */
function remapExpression(column: string, pairs: { from: number; to: number }[]) {
  return sql<number>`case ${sql.ref(column)} ${sql.join(
    pairs.map((p) => sql`when ${sql.lit(Math.trunc(p.from))} then ${sql.lit(Math.trunc(p.to))}`),
    sql` `,
  )} else ${sql.ref(column)} end`;
}

const REMAP_CHUNK = 200;

/**
 * The review log, memory, new-card cursors, study answers and per-card totals of the family's
 * students move from the original's cards (`from`) to the deck's own copies (`to`), for the deck
 * `deckId` that stopped following: what they remembered and answered stays theirs.
 */
export async function moveMemoryToCopies(
  db: DbHandle,
  familyId: FamilyId,
  deckId: number,
  pairs: { from: number; to: number }[],
): Promise<void> {
  const students = db.selectFrom('students').select('students.id').where('students.family_id', '=', familyId);
  for (let i = 0; i < pairs.length; i += REMAP_CHUNK) {
    const slice = pairs.slice(i, i + REMAP_CHUNK);
    const from = slice.map((p) => p.from);
    await db
      .updateTable('memory_states')
      .set({ card_id: remapExpression('card_id', slice) })
      .where('deck_id', '=', deckId)
      .where('card_id', 'in', from)
      .execute();
    await db
      .updateTable('review_logs')
      .set({ card_id: remapExpression('card_id', slice) })
      .where('student_id', 'in', students)
      .where('card_id', 'in', from)
      .execute();
    // The study answers and their per-card totals (progress's tables) move with them, here: decks
    // calls this and may not use progress (progress uses students, which uses decks).
    for (const table of ['card_results', 'card_totals'] as const) {
      await db
        .updateTable(table)
        .set({ card_id: remapExpression('card_id', slice) })
        .where('deck_id', '=', deckId)
        .where('card_id', 'in', from)
        .execute();
    }
  }
  // A cursor says every card up to it was answered: the last copy whose original is within it.
  const cursors = await db
    .selectFrom('new_card_cursors')
    .select(['student_id', 'seen_through'])
    .where('deck_id', '=', deckId)
    .execute();
  for (const cursor of cursors) {
    const within = pairs.filter((p) => p.from <= Number(cursor.seen_through));
    const seenThrough = within.length ? Math.max(...within.map((p) => p.to)) : 0;
    await db
      .updateTable('new_card_cursors')
      .set({ seen_through: seenThrough })
      .where('student_id', '=', cursor.student_id)
      .where('deck_id', '=', deckId)
      .execute();
  }
}
