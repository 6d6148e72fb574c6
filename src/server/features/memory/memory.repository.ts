import { sql, type Compilable, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ReviewRating } from '@shared/constants';
import type { ReviewedMemory } from '@shared/srs';
import { precompiled } from '../../db/precompiled';
import type { Database, DbHandle } from '../../db/schema';

/**
 * All SQL of spaced repetition: the review log (append-only), each student's memory per card and
 * what speeds up reading them: a cursor per deck below which every card has been seen (new cards
 * are found without walking through the known ones), answers counted per UTC quarter hour (the
 * activity calendar in any time zone) and the days whose review was finished (the streak).
 *
 * "The student's decks" are those the home screen lists for them (decks.repository.ts: the user's
 * decks whose student_id is the student), archived ones left out; one deck is any the student may
 * study (checked by the service). Every function takes the database or a transaction.
 */

export interface LearningSettingsRow {
  desired_retention: number;
  new_per_day: number;
  max_reviews_per_day: number;
  grading: string;
}

export interface ReviewLogRow {
  student_id: number;
  card_id: number;
  rating: ReviewRating;
  reviewed_at: string;
  duration_ms: number | null;
  created_at: string;
}

export type MemoryRow = ReviewedMemory & { student_id: number; card_id: number; deck_id: number };

/** The student's memory of a card as stored (every column null while the card is new). */
export interface MemoryColumns {
  state: string | null;
  due: string | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  last_review: string | null;
}

/** A card about to be reviewed: its deck and the student's memory of it. */
export interface ReviewTarget extends MemoryColumns {
  card_id: number;
  deck_id: number;
}

/** A card of the review queue with its deck's title. */
export interface QueueCard {
  id: number;
  deck_id: number;
  en: string;
  es: string;
  en_pronunciation: string | null;
  es_pronunciation: string | null;
  front_image_key: string | null;
  back_image_key: string | null;
  deck_title: string;
}

export type QueueCardRow = QueueCard & MemoryColumns;

// Multi-row statements in slices, within the bound-parameter limits of both databases.
const ROWS_PER_STATEMENT = 200;

async function inSlices<T>(rows: T[], write: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await write(rows.slice(i, i + ROWS_PER_STATEMENT));
}

const memoryColumns = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'last_review',
] as const;

const cardColumns = [
  'cards.id',
  'cards.deck_id',
  'cards.en',
  'cards.es',
  'cards.en_pronunciation',
  'cards.es_pronunciation',
  'cards.front_image_key',
  'cards.back_image_key',
] as const;

const LEARNING_STATES = ['learning', 'relearning'];

// ---- Writing reviews ------------------------------------------------------------------------

const settingsOfStudent = precompiled((db, userId: number, studentId: number) =>
  db
    .selectFrom('students')
    .select(['desired_retention', 'new_per_day', 'max_reviews_per_day', 'grading'])
    .where('id', '=', studentId)
    .where('user_id', '=', userId),
);

/** The learning settings of the user's student; undefined when the student is not theirs. */
export async function learningSettings(
  db: DbHandle,
  userId: number,
  studentId: number,
): Promise<LearningSettingsRow | undefined> {
  const row = (await settingsOfStudent(db, userId, studentId))[0];
  return row && { ...row, desired_retention: Number(row.desired_retention) };
}

/** The user's cards among `cardIds`, each with its deck and the student's memory of it. */
export function reviewTargets(
  db: DbHandle,
  userId: number,
  studentId: number,
  cardIds: number[],
): Promise<ReviewTarget[]> {
  return db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .leftJoin('memory_states as m', (join) =>
      join.onRef('m.card_id', '=', 'cards.id').on('m.student_id', '=', studentId),
    )
    .select(['cards.id as card_id', 'cards.deck_id', ...memoryColumns.map((c) => `m.${c}` as const)])
    .where('cards.id', 'in', cardIds)
    .where('decks.user_id', '=', userId)
    .execute();
}

/** Appends answers to the log; ids follow the order of `rows`. */
export function insertReviewLogs(db: DbHandle, rows: ReviewLogRow[]): Promise<void> {
  return inSlices(rows, (slice) => db.insertInto('review_logs').values(slice).execute());
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

/** Stores memory states (one row per card in `rows`), replacing those already stored. */
export function saveMemoryStates(db: DbHandle, rows: MemoryRow[]): Promise<void> {
  return inSlices(rows, (slice) =>
    db
      .insertInto('memory_states')
      .values(slice)
      .onConflict((oc) =>
        oc.columns(['student_id', 'card_id']).doUpdateSet((eb) =>
          Object.fromEntries(memoryColumns.map((c) => [c, eb.ref(`excluded.${c}`)])),
        ),
      )
      .execute(),
  );
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
      .where('cards.deck_id', '=', deckId)
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

/** Adds answers to the per-quarter-hour counts (one row per deck and slot in `rows`). */
export function addActivity(
  db: DbHandle,
  rows: { student_id: number; deck_id: number; slot: string; reviews: number; correct: number }[],
): Promise<void> {
  return inSlices(rows, (slice) =>
    db
      .insertInto('review_activity')
      .values(slice)
      .onConflict((oc) =>
        oc.columns(['student_id', 'slot', 'deck_id']).doUpdateSet((eb) => ({
          reviews: eb('review_activity.reviews', '+', eb.ref('excluded.reviews')),
          correct: eb('review_activity.correct', '+', eb.ref('excluded.correct')),
        })),
      )
      .execute(),
  );
}

// ---- The review queue -------------------------------------------------------------------------

/**
 * Which cards: one deck, or all the student's decks. Memory rows exist only in decks the student
 * may study (their own and the user's shared decks), and decks never change hands; so "the
 * student's decks, archived ones left out" is the student's memory less the rows in
 * `excludedDecks` (the user's shared decks and the student's archived ones): usually none, and
 * then no row needs checking against its deck.
 */
export type Scope = { deckId: number } | { userId: number; excludedDecks: number[] };

const decksLeftOut = precompiled((db, userId: number, studentId: number) =>
  db
    .selectFrom('decks')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('student_id', 'is', null), eb.and([eb('student_id', '=', studentId), eb('is_archived', '=', 1)])]),
    ),
);

/** The scope of all the student's decks (see Scope). */
export async function studentScope(db: DbHandle, userId: number, studentId: number): Promise<Scope> {
  return { userId, excludedDecks: (await decksLeftOut(db, userId, studentId)).map((r) => r.id) };
}

type InScope = (eb: ExpressionBuilder<Database, 'memory_states'>) => Expression<SqlBool>;

/**
 * A query on the student's memory, in any scope: compiled once for one deck and for all decks with
 * nothing to leave out (src/server/db/precompiled.ts); built each time otherwise.
 */
function scoped<A extends unknown[], R>(
  build: (db: DbHandle, studentId: number, inScope: InScope, ...args: A) => Compilable<R>,
) {
  const inDeck = precompiled((db, studentId: number, deckId: number, ...args: A) =>
    build(db, studentId, (eb) => eb('memory_states.deck_id', '=', deckId), ...args),
  );
  const everywhere = precompiled((db, studentId: number, ...args: A) =>
    build(db, studentId, (eb) => eb.lit(true), ...args),
  );
  return async (db: DbHandle, scope: Scope, studentId: number, ...args: A): Promise<R[]> => {
    if ('deckId' in scope) return inDeck(db, studentId, scope.deckId, ...args);
    if (scope.excludedDecks.length === 0) return everywhere(db, studentId, ...args);
    const query = build(db, studentId, (eb) => eb('memory_states.deck_id', 'not in', scope.excludedDecks), ...args);
    return (await db.executeQuery(query.compile())).rows;
  };
}

// Each state is read on its own: one index range (student, state, due) read in due order, so
// that a limit stops the reading (two states in one query would be read whole and sorted).
const countInState = scoped(
  (db: DbHandle, studentId: number, inScope: InScope, state: string, before: string, cap: number) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('memory_states')
          .select('memory_states.card_id')
          .where('memory_states.student_id', '=', studentId)
          .where('memory_states.state', '=', state)
          .where('memory_states.due', '<', before)
          .where(inScope)
          .limit(cap)
          .as('t'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
);

const cardsInState = scoped(
  (db: DbHandle, studentId: number, inScope: InScope, state: string, before: string, limit: number) =>
    db
      .selectFrom('memory_states')
      .innerJoin('cards', 'cards.id', 'memory_states.card_id')
      .innerJoin('decks', 'decks.id', 'memory_states.deck_id')
      .select([...cardColumns, 'decks.title as deck_title', ...memoryColumns.map((c) => `memory_states.${c}` as const)])
      .where('memory_states.student_id', '=', studentId)
      .where('memory_states.state', '=', state)
      .where('memory_states.due', '<', before)
      .where(inScope)
      .orderBy('memory_states.due')
      .orderBy('memory_states.card_id')
      .limit(limit),
);

const firstDueInState = scoped((db: DbHandle, studentId: number, inScope: InScope, state: string, from: string) =>
  db
    .selectFrom('memory_states')
    .select('memory_states.due')
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', '=', state)
    .where('memory_states.due', '>=', from)
    .where(inScope)
    .orderBy('memory_states.due')
    .limit(1),
);

const states = (kind: 'review' | 'learning') => (kind === 'review' ? ['review'] : LEARNING_STATES);

/** Cards in review (kind 'review') or in their (re)learning steps, due before `before`, counted up to `cap`. */
export async function countDue(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  kind: 'review' | 'learning',
  before: string,
  cap: number,
): Promise<number> {
  let n = 0;
  for (const state of states(kind)) n += Number((await countInState(db, scope, studentId, state, before, cap))[0]?.n ?? 0);
  return Math.min(n, cap);
}

/** The first `limit` of those cards, earliest due first. */
export async function dueCards(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  kind: 'review' | 'learning',
  before: string,
  limit: number,
): Promise<QueueCardRow[]> {
  const rows: QueueCardRow[] = [];
  for (const state of states(kind)) rows.push(...(await cardsInState(db, scope, studentId, state, before, limit)));
  return rows
    .sort((a, b) => (a.due! < b.due! ? -1 : a.due! > b.due! ? 1 : a.id - b.id))
    .slice(0, limit);
}

/** The earliest due, from `from` on, of a card in review (kind 'review') or in its (re)learning steps; null if none. */
export async function firstDue(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  kind: 'review' | 'learning',
  from: string,
): Promise<string | null> {
  let first: string | null = null;
  for (const state of states(kind)) {
    const due = (await firstDueInState(db, scope, studentId, state, from))[0]?.due;
    if (due !== undefined && (first === null || due < first)) first = due;
  }
  return first;
}

// Cards without memory in deck order (oldest deck first, cards in the order they were added),
// looked for only above each deck's cursor.
const unseen = (db: DbHandle, studentId: number, limit: number) =>
  db
    .selectFrom('decks')
    .leftJoin('new_card_cursors as k', (join) =>
      join.onRef('k.deck_id', '=', 'decks.id').on('k.student_id', '=', studentId),
    )
    .innerJoin('cards', (join) =>
      join
        .onRef('cards.deck_id', '=', 'decks.id')
        .on((eb) => eb('cards.id', '>', eb.fn.coalesce('k.seen_through', eb.lit(0)))),
    )
    .select([...cardColumns, 'decks.title as deck_title'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('memory_states as m')
            .select('m.card_id')
            .where('m.student_id', '=', studentId)
            .whereRef('m.card_id', '=', 'cards.id'),
        ),
      ),
    )
    .orderBy('decks.created_at')
    .orderBy('decks.id')
    .orderBy('cards.id')
    .limit(limit);
const unseenInDeck = precompiled((db, studentId: number, deckId: number, limit: number) =>
  unseen(db, studentId, limit).where('decks.id', '=', deckId),
);
const unseenInDecks = precompiled((db, studentId: number, userId: number, limit: number) =>
  unseen(db, studentId, limit)
    .where('decks.user_id', '=', userId)
    .where('decks.student_id', '=', studentId)
    .where('decks.is_archived', '=', 0),
);

/** The first `limit` cards the student has never answered, in deck order. */
export function newCards(db: DbHandle, scope: Scope, studentId: number, limit: number): Promise<QueueCard[]> {
  return 'deckId' in scope
    ? unseenInDeck(db, studentId, scope.deckId, limit)
    : unseenInDecks(db, studentId, scope.userId, limit);
}

// Today's answers: cards answered since the day began, split by whether they had been answered
// before (reviews) or not (new cards); and whether the day is already recorded as finished.
const answersSince = precompiled((db, studentId: number, dayStart: string, day: string) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('review_logs as r')
        .select((e) => [
          'r.card_id',
          e
            .case()
            .when(
              e.exists(
                e
                  .selectFrom('review_logs as p')
                  .select('p.id')
                  .whereRef('p.card_id', '=', 'r.card_id')
                  .where('p.student_id', '=', studentId)
                  .where('p.reviewed_at', '<', dayStart),
              ),
            )
            .then(1)
            .else(0)
            .end()
            .as('known'),
        ])
        .distinct()
        .where('r.student_id', '=', studentId)
        .where('r.reviewed_at', '>=', dayStart)
        .as('t'),
    )
    .select((eb) => [
      sql<number>`coalesce(sum(t.known), 0)`.as('reviewed'),
      sql<number>`coalesce(sum(1 - t.known), 0)`.as('introduced'),
      eb
        .exists(
          eb
            .selectFrom('streak_days')
            .select('streak_days.day')
            .where('streak_days.student_id', '=', studentId)
            .where('streak_days.day', '=', day),
        )
        .as('finished'),
    ]),
);

/** Cards answered since `dayStart`: `reviewed` (known before) and `introduced` (new), and whether `day` is finished. */
export async function answersToday(
  db: DbHandle,
  studentId: number,
  dayStart: string,
  day: string,
): Promise<{ reviewed: number; introduced: number; finished: boolean }> {
  const row = (await answersSince(db, studentId, dayStart, day))[0];
  return {
    reviewed: Number(row?.reviewed ?? 0),
    introduced: Number(row?.introduced ?? 0),
    finished: Boolean(row?.finished),
  };
}

/** Records that the student finished the review of `day` (once). */
export async function addStreakDay(db: DbHandle, studentId: number, day: string): Promise<void> {
  await db
    .insertInto('streak_days')
    .values({ student_id: studentId, day })
    .onConflict((oc) => oc.columns(['student_id', 'day']).doNothing())
    .execute();
}

// ---- Statistics -------------------------------------------------------------------------------

// Cumulative counts of the cards due before each of the given times (one pass over the rows).
const dueBefore = scoped((db: DbHandle, studentId: number, inScope: InScope, ...ends: string[]) =>
  db
    .selectFrom('memory_states')
    .select(ends.map((end, k) => sql<number>`coalesce(sum(case when memory_states.due < ${end} then 1 else 0 end), 0)`.as(`d${k}`)))
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', 'in', ['learning', 'review', 'relearning'])
    .where('memory_states.due', '<', ends.at(-1)!)
    .where(inScope),
);

/** For each of the ascending times `ends`, how many cards are due before it. */
export async function countDueBefore(db: DbHandle, scope: Scope, studentId: number, ends: string[]): Promise<number[]> {
  const row = ((await dueBefore(db, scope, studentId, ...ends))[0] ?? {}) as Record<string, unknown>;
  return ends.map((_, k) => Number(row[`d${k}`] ?? 0));
}

const recallInputs = scoped((db: DbHandle, studentId: number, inScope: InScope) =>
  db
    .selectFrom('memory_states')
    .select(['memory_states.stability', 'memory_states.last_review'])
    .where('memory_states.student_id', '=', studentId)
    .where(inScope),
);

/** Stability and last review of every card of the scope (what predicted recall is computed from). */
export async function memoryForRecall(
  db: DbHandle,
  scope: Scope,
  studentId: number,
): Promise<{ stability: number; last_review: string }[]> {
  return recallInputs(db, scope, studentId);
}

const activitySince = precompiled((db, studentId: number, fromSlot: string) =>
  db
    .selectFrom('review_activity')
    .select((eb) => [
      'slot',
      eb.fn.sum<number>('reviews').as('reviews'),
      eb.fn.sum<number>('correct').as('correct'),
    ])
    .where('student_id', '=', studentId)
    .where('slot', '>=', fromSlot)
    .groupBy('slot'),
);

/** Answers (all decks) per UTC quarter hour from `fromSlot` on. */
export async function activity(
  db: DbHandle,
  studentId: number,
  fromSlot: string,
): Promise<{ slot: string; reviews: number; correct: number }[]> {
  return (await activitySince(db, studentId, fromSlot)).map((r) => ({
    slot: r.slot,
    reviews: Number(r.reviews),
    correct: Number(r.correct),
  }));
}

const daysOfStudent = precompiled((db, studentId: number) =>
  db.selectFrom('streak_days').select('day').where('student_id', '=', studentId).orderBy('day', 'desc'),
);

/** The days the student finished their review, latest first. */
export async function streakDays(db: DbHandle, studentId: number): Promise<string[]> {
  return (await daysOfStudent(db, studentId)).map((r) => r.day);
}

// ---- Per deck (the deck list) -------------------------------------------------------------------

/**
 * For each of `deckIds`: the cards due today (review cards due before `endOfDay`, learning cards
 * due by `now`) and the cards the student has never answered (no daily limit applied).
 */
export async function deckCounts(
  db: DbHandle,
  studentId: number,
  deckIds: number[],
  now: string,
  endOfDay: string,
): Promise<Map<number, { due: number; new: number }>> {
  const out = new Map(deckIds.map((id) => [id, { due: 0, new: 0 }]));
  if (deckIds.length === 0) return out;
  const [due, unseen] = await Promise.all([
    db
      .selectFrom('memory_states')
      .select(['memory_states.deck_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('memory_states.student_id', '=', studentId)
      .where('memory_states.deck_id', 'in', deckIds)
      .where('memory_states.due', '<', endOfDay)
      .where((eb) =>
        eb.or([eb('memory_states.state', '=', 'review'), eb('memory_states.due', '<=', now)]),
      )
      .groupBy('memory_states.deck_id')
      .execute(),
    db
      .selectFrom('decks')
      .leftJoin('new_card_cursors as k', (join) =>
        join.onRef('k.deck_id', '=', 'decks.id').on('k.student_id', '=', studentId),
      )
      .innerJoin('cards', (join) =>
        join
          .onRef('cards.deck_id', '=', 'decks.id')
          .on((eb) => eb('cards.id', '>', eb.fn.coalesce('k.seen_through', eb.lit(0)))),
      )
      .select(['decks.id as deck_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('decks.id', 'in', deckIds)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('memory_states as m')
              .select('m.card_id')
              .where('m.student_id', '=', studentId)
              .whereRef('m.card_id', '=', 'cards.id'),
          ),
        ),
      )
      .groupBy('decks.id')
      .execute(),
  ]);
  for (const r of due) out.get(r.deck_id)!.due = Number(r.n);
  for (const r of unseen) out.get(r.deck_id)!.new = Number(r.n);
  return out;
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
    .where('card_id', 'in', (eb) => eb.selectFrom('cards').select('cards.id').where('cards.deck_id', '=', deckId))
    .execute();
  for (const table of ['memory_states', 'new_card_cursors', 'review_activity'] as const) {
    await db.deleteFrom(table).where('student_id', '=', studentId).where('deck_id', '=', deckId).execute();
  }
}
