import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database, DbHandle } from '../../db/schema';
import {
  LEARNING_STATES,
  cardContentColumns,
  decksOfStudent,
  memoryColumns,
  memoryStateColumns,
  scoped,
  type InScope,
  type LearningSettingsRow,
  type QueueCard,
  type QueueCardRow,
  type Scope,
} from './memory-sql';
import type { FamilyId } from '../../context';

/**
 * The SQL that reads a student's review queue: the cards due, in their learning steps or never
 * seen, what today's answers leave of the daily limits, the days recorded as finished, and the
 * counts of each deck.
 */

// Each state is read on its own: one index range (student, state, due) read in due order, so
// that a limit stops the reading (two states in one query would be read whole and sorted).
const countInState = (db: DbHandle, studentId: number, inScope: InScope, state: string, before: string, cap: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('memory_states')
        // A column of the index: counted from the index alone.
        .select('memory_states.due')
        .where('memory_states.student_id', '=', studentId)
        .where('memory_states.state', '=', state)
        .where('memory_states.due', '<', before)
        .where(inScope)
        .limit(cap)
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));

// The first rows of a state in due order (one index range read in due order up to the limit).
const firstInState = (
  db: DbHandle,
  studentId: number,
  inScope: InScope,
  state: string,
  before: string,
  limit: number,
) =>
  db
    .selectFrom('memory_states')
    .select(memoryStateColumns)
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', '=', state)
    .where('memory_states.due', '<', before)
    .where(inScope)
    // Due order alone, as the index holds it (ties in the order the rows were stored).
    .orderBy('memory_states.due')
    .limit(limit);

// The first rows in due order of each of `states` (one state, or both learning states: their two
// index ranges in one statement, each still stopping at the limit), then their cards and deck
// titles (joined after the limit: joined before, the planner may start from the decks and sort
// every due card).
const cardsInStates = (states: readonly string[]) =>
  scoped((db: DbHandle, studentId: number, inScope: InScope, before: string, limit: number) =>
    db
      .selectFrom((eb) => {
        const [first, ...rest] = states.map((state, i) =>
          eb.selectFrom(firstInState(db, studentId, inScope, state, before, limit).as(`s${i}`)).selectAll(),
        );
        return rest.reduce((q, r) => q.unionAll(r), first!).as('m');
      })
      .innerJoin('cards', 'cards.id', 'm.card_id')
      .select((eb) => [
        ...cardContentColumns,
        'm.deck_id',
        // A deck following a shared deck shows the original's title (issue 23).
        eb
          .selectFrom('decks')
          .leftJoin('decks as original', 'original.id', 'decks.shared_from_deck_id')
          .select((e) => e.fn.coalesce('original.title', 'decks.title').as('title'))
          .whereRef('decks.id', '=', 'm.deck_id')
          .as('deck_title'),
        ...memoryColumns.map((c) => `m.${c}` as const),
      ])
      .orderBy('m.due')
      .orderBy('m.card_id'),
  );
const reviewCards = cardsInStates(['review']);
const learningCards = cardsInStates(LEARNING_STATES);

const firstDueInState = (db: DbHandle, studentId: number, inScope: InScope, state: string, from: string) =>
  db
    .selectFrom('memory_states')
    .select('memory_states.due')
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', '=', state)
    .where('memory_states.due', '>=', from)
    .where(inScope)
    .orderBy('memory_states.due')
    .limit(1);

// The queue's counts and when more comes, in one statement: each figure is its own subquery over
// one index range (as above), so each still stops at its limit or first row.
const countsAndNextDue = scoped(
  (db: DbHandle, studentId: number, inScope: InScope, endOfDay: string, dueNow: string, reviewCap: number) =>
    db.selectNoFrom([
      countInState(db, studentId, inScope, 'review', endOfDay, reviewCap).as('review_due'),
      ...LEARNING_STATES.map((state) =>
        countInState(db, studentId, inScope, state, dueNow, Number.MAX_SAFE_INTEGER).as(`${state}_due`),
      ),
      ...LEARNING_STATES.map((state) => firstDueInState(db, studentId, inScope, state, dueNow).as(`next_${state}`)),
      firstDueInState(db, studentId, inScope, 'review', endOfDay).as('next_review'),
    ]),
);

/**
 * The queue of the scope: review cards due before `endOfDay` counted up to `reviewCap`, cards in
 * their (re)learning steps due before `dueNow`, and the earliest due from then on of each (null if none).
 */
export async function queueCounts(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  endOfDay: string,
  dueNow: string,
  reviewCap: number,
): Promise<{ reviewDue: number; learningDue: number; nextLearning: string | null; nextReview: string | null }> {
  const row = (await countsAndNextDue(db, scope, studentId, endOfDay, dueNow, reviewCap))[0] as Record<string, unknown>;
  const nextLearning = LEARNING_STATES.map((state) => row[`next_${state}`] as string | null)
    .filter((due): due is string => due !== null)
    .sort()[0];
  return {
    reviewDue: Math.min(Number(row.review_due ?? 0), reviewCap),
    learningDue: LEARNING_STATES.reduce((n, state) => n + Number(row[`${state}_due`] ?? 0), 0),
    nextLearning: nextLearning ?? null,
    nextReview: (row.next_review as string | null) ?? null,
  };
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
  // Every memory row has its deck (the row goes with its card, the card with its deck).
  const rows = (await (kind === 'review' ? reviewCards : learningCards)(
    db,
    scope,
    studentId,
    before,
    limit,
  )) as QueueCardRow[];
  // In due order, then card (the order by above), the first `limit` of both states together.
  return rows.slice(0, limit);
}

/** Cards the student has never answered. */
const unseenBy = (studentId: number) => (eb: ExpressionBuilder<Database, 'cards'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('memory_states as m')
        .select('m.card_id')
        .where('m.student_id', '=', studentId)
        .whereRef('m.card_id', '=', 'cards.id'),
    ),
  );

// The decks in deck order (oldest first) that hold cards above their cursor, with the cursor: the
// first card above it is new (every card up to it has been answered, and the cursor moves up past
// the answered ones), so `limit` decks hold `limit` new cards, and each is read from its cursor on.
// (Per deck, in this order, rather than one join: PostgreSQL would otherwise match every card with
// the memory first.)
const decksWithNewCards = (db: DbHandle, studentId: number) =>
  db
    .selectFrom('decks')
    .leftJoin('new_card_cursors as k', (join) =>
      join.onRef('k.deck_id', '=', 'decks.id').on('k.student_id', '=', studentId),
    )
    // A deck following a shared deck reads the original's cards and title (issue 23).
    .leftJoin('decks as original', 'original.id', 'decks.shared_from_deck_id')
    .select((eb) => [
      'decks.id',
      eb.fn.coalesce('original.title', 'decks.title').as('title'),
      eb.fn.coalesce('original.id', 'decks.id').as('source_id'),
      eb.fn.coalesce('k.seen_through', eb.lit(0)).as('after'),
    ])
    .where((eb) =>
      eb(
        // The deck's last card, read from the end of the index.
        eb
          .selectFrom('cards')
          .select('cards.id')
          .where('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`)
          .orderBy('cards.id', 'desc')
          .limit(1),
        '>',
        eb.fn.coalesce('k.seen_through', eb.lit(0)),
      ),
    )
    .orderBy('decks.created_at')
    .orderBy('decks.id');
const oneDeck = precompiled((db, studentId: number, deckId: number) =>
  decksWithNewCards(db, studentId).where('decks.id', '=', deckId),
);
const studentDecks = precompiled((db, studentId: number, familyId: FamilyId, limit: number) =>
  decksWithNewCards(db, studentId)
    .where('decks.id', 'in', decksOfStudent(db, familyId, studentId))
    .limit(limit),
);
// `deckId` is the deck whose cards these are: the shared deck a following deck reads.
const unseenAfter = precompiled((db, studentId: number, deckId: number, after: number, limit: number) =>
  db
    .selectFrom('cards')
    .select(cardContentColumns)
    .where('cards.deck_id', '=', deckId)
    .where('cards.id', '>', after)
    .where(unseenBy(studentId))
    .orderBy('cards.id')
    .limit(limit),
);

/** The first `limit` cards the student has never answered, in deck order (cards in the order they were added). */
export async function newCards(db: DbHandle, scope: Scope, studentId: number, limit: number): Promise<QueueCard[]> {
  const decks =
    'deckId' in scope
      ? await oneDeck(db, studentId, scope.deckId)
      : await studentDecks(db, studentId, scope.familyId, limit);
  const out: QueueCard[] = [];
  for (const deck of decks) {
    if (out.length >= limit) break;
    for (const card of await unseenAfter(
      db,
      studentId,
      Number(deck.source_id),
      Number(deck.after),
      limit - out.length,
    )) {
      out.push({ ...card, deck_id: deck.id, deck_title: deck.title });
    }
  }
  return out;
}

// The student's learning settings with today's answers: cards answered since the day began, split
// by whether they had been answered before (reviews) or not (new cards); and whether the day is
// already recorded as finished; and their own FSRS parameters once tuned (issue 26). One statement,
// and no row unless the student is the family's: the answers are one aggregate row, joined to the
// student's row.
const dayOfStudent = precompiled((db, familyId: FamilyId, studentId: number, dayStart: string, day: string) =>
  db
    .selectFrom('students as s')
    .crossJoin((eb) =>
      eb
        .selectFrom((e) =>
          e
            .selectFrom('review_logs as r')
            .select((x) => [
              'r.card_id',
              x
                .case()
                .when(
                  x.exists(
                    x
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
        .select((e) => [
          sql<number>`coalesce(sum(t.known), 0)`.as('reviewed'),
          sql<number>`coalesce(sum(1 - t.known), 0)`.as('introduced'),
          e
            .exists(
              e
                .selectFrom('streak_days')
                .select('streak_days.day')
                .where('streak_days.student_id', '=', studentId)
                .where('streak_days.day', '=', day),
            )
            .as('finished'),
        ])
        .as('a'),
    )
    .leftJoin('student_schedules as p', 'p.student_id', 's.id')
    .select([
      's.desired_retention',
      's.new_per_day',
      's.max_reviews_per_day',
      's.grading',
      'a.reviewed',
      'a.introduced',
      'a.finished',
      'p.parameters',
    ])
    .where('s.id', '=', studentId)
    .where('s.family_id', '=', familyId),
);

/**
 * The learning settings of the user's student (undefined when the student is not theirs) and the
 * cards answered since `dayStart`: `reviewed` (known before) and `introduced` (new), whether `day`
 * is finished, and the student's stored FSRS parameters (null while they have none).
 */
export async function settingsAndAnswersToday(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
  dayStart: string,
  day: string,
): Promise<
  | {
      settings: LearningSettingsRow;
      answered: { reviewed: number; introduced: number; finished: boolean };
      parameters: string | null;
    }
  | undefined
> {
  const row = (await dayOfStudent(db, familyId, studentId, dayStart, day))[0];
  if (!row) return undefined;
  return {
    settings: {
      desired_retention: Number(row.desired_retention),
      new_per_day: row.new_per_day,
      max_reviews_per_day: row.max_reviews_per_day,
      grading: row.grading,
    },
    answered: {
      reviewed: Number(row.reviewed ?? 0),
      introduced: Number(row.introduced ?? 0),
      finished: Boolean(row.finished),
    },
    parameters: row.parameters ?? null,
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

// ---- Per deck (the deck list) -------------------------------------------------------------------

// Per deck the list shows for the student, in one statement compiled once (the deck list is a hot
// read): the cards due, from the deck's own (student, deck, due, state) index range up to the end
// of the day, and the unseen cards, from its cursor on (a subquery per deck reads that deck's cards alone).
const countsOfDecks = precompiled((db, studentId: number, familyId: FamilyId, endOfDay: string, now: string) =>
  db
    .selectFrom('decks')
    .leftJoin('new_card_cursors as k', (join) =>
      join.onRef('k.deck_id', '=', 'decks.id').on('k.student_id', '=', studentId),
    )
    .select((eb) => [
      'decks.id as deck_id',
      eb
        .selectFrom('memory_states')
        .select((m) => m.fn.countAll<number>().as('n'))
        .where('memory_states.student_id', '=', studentId)
        .whereRef('memory_states.deck_id', '=', 'decks.id')
        .where('memory_states.due', '<', endOfDay)
        .where((m) => m.or([m('memory_states.state', '=', 'review'), m('memory_states.due', '<=', now)]))
        .as('due'),
      eb
        .selectFrom('cards')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`)
        .where((c) => c('cards.id', '>', c.fn.coalesce('k.seen_through', c.lit(0))))
        .where(unseenBy(studentId))
        .as('n'),
    ])
    .where('decks.id', 'in', decksOfStudent(db, familyId, studentId, true)),
);

/**
 * For each deck of the user's student (as the deck list shows them): the cards due today (review
 * cards due before `endOfDay`, learning cards due by `now`) and the cards the student has never
 * answered (no daily limit applied).
 */
export async function deckCounts(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
  now: string,
  endOfDay: string,
): Promise<Map<number, { due: number; new: number }>> {
  const out = new Map<number, { due: number; new: number }>();
  for (const r of await countsOfDecks(db, studentId, familyId, endOfDay, now)) {
    out.set(r.deck_id, { due: Number(r.due ?? 0), new: Number(r.n ?? 0) });
  }
  return out;
}

// ---- Whether the whole queue is empty (the progress screen) -------------------------------------

// What the streak needs of the student's whole queue, in one statement of index probes (each
// stops at its first row): the first review card's due and the first from tomorrow on, the same of
// each learning state from now on, and whether a card was never answered.
// queueOf answers the same with 7 or more statements and card rows.
// Whether a card was never answered is a probe of each deck's cursor and cards (the statement's
// costliest part, a few buffers per deck), so it is asked only when it decides the answer: when
// new cards are left today, and no review card (if reviews are left), no learning step due now and
// none later today already says the queue is not finished. A CASE evaluates its branches in order
// and both databases run a subquery only when its branch is reached.
const queueStateOf = scoped(
  (
    db: DbHandle,
    studentId: number,
    inScope: InScope,
    endOfDay: string,
    dueNow: string,
    familyId: FamilyId,
    reviewsLeft: number,
    newLeft: number,
  ) => {
    // Each a read of the (student, state, due) index in due order up to the first card in scope
    // (as an `exists`, PostgreSQL's generic plan read every card of the student from the
    // (student, deck, due, state) index instead: 281 buffers for a child knowing 1,500 cards).
    const first = (state: string, from: string) => firstDueInState(db, studentId, inScope, state, from);
    return db.selectNoFrom((eb) => [
      first('review', '').as('first_review'),
      first('review', endOfDay).as('next_review'),
      ...LEARNING_STATES.flatMap((state) => [
        first(state, '').as(`first_${state}`),
        first(state, dueNow).as(`next_${state}`),
      ]),
      eb
        .case()
        .when(sql<SqlBool>`${newLeft} = 0`)
        .then(sql<boolean>`false`)
        .when(eb.and([sql<SqlBool>`${reviewsLeft} > 0`, eb(first('review', ''), '<', endOfDay)]))
        .then(sql<boolean>`false`)
        .when(
          eb.or(
            LEARNING_STATES.flatMap((state) => [
              eb(first(state, ''), '<', dueNow),
              eb(first(state, dueNow), '<', endOfDay),
            ]),
          ),
        )
        .then(sql<boolean>`false`)
        // A card above its deck's cursor that the student never answered (newCards' cards).
        .else(
          eb.exists(
            db
              .selectFrom('decks')
              .leftJoin('new_card_cursors as k', (join) =>
                join.onRef('k.deck_id', '=', 'decks.id').on('k.student_id', '=', studentId),
              )
              .select('decks.id')
              .where('decks.id', 'in', decksOfStudent(db, familyId, studentId))
              .where((d) =>
                d.exists(
                  d
                    .selectFrom('cards')
                    .select('cards.id')
                    // A deck following a shared deck reads the original's cards (issue 23).
                    .where('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`)
                    .where((c) => c('cards.id', '>', c.fn.coalesce('k.seen_through', c.lit(0))))
                    .where(unseenBy(studentId)),
                ),
              ),
          ),
        )
        .end()
        .as('unseen'),
    ]);
  },
);

/**
 * The student's whole queue at `dueNow` (see queueStateOf), with what today's answers leave of the
 * limits: `unseen` (a card never answered) is only read when it decides whether the queue is empty
 * and finished, and false otherwise.
 */
export async function queueState(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
  endOfDay: string,
  dueNow: string,
  left: { reviews: number; new: number },
) {
  const row = (await queueStateOf(db, { familyId }, studentId, endOfDay, dueNow, familyId, left.reviews, left.new))[0]!;
  const r = row as unknown as Record<string, string | null | undefined>;
  const firstOf = (key: string) =>
    LEARNING_STATES.map((state) => r[`${key}_${state}`] ?? null)
      .filter((due): due is string => due !== null)
      .sort()[0] ?? null;
  const firstLearning = firstOf('first');
  const nextLearning = firstOf('next');
  return {
    reviewDue: r.first_review != null && r.first_review < endOfDay,
    learningDue: firstLearning !== null && firstLearning < dueNow,
    learningLater: nextLearning !== null,
    learningLaterToday: nextLearning !== null && nextLearning < endOfDay,
    reviewLater: r.next_review != null,
    unseen: Boolean(row.unseen),
  };
}
