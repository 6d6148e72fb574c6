import { sql, type CompiledQuery, type Insertable } from 'kysely';
import { ATTENTION_ACCURACY_BELOW, ATTENTION_CARDS_MAX } from '@shared/constants';
import { compiledPerLength, precompiled, rowsOf, valuesOf } from '../../db/precompiled';
import type { CardResultsTable, CardTotalsTable, DbHandle, StudySessionsTable } from '../../db/schema';
import type { FamilyId } from '../../context';

/**
 * All SQL of a student's progress: the stored sessions and answers, and the running totals kept
 * with them (study_totals, card_totals: a row per studied deck and card, however long the
 * history). Every statistic is computed by the database from the totals, with the same SQL on
 * SQLite and PostgreSQL: `* 100.0` keeps divisions fractional, and the pg type parsers turn
 * count/sum/numeric into numbers. Rows and totals are written and deleted only together, here.
 */

// The reads of the progress screen, compiled once (src/server/db/precompiled.ts).
// The student's totals per deck and over all their decks in one statement: every row of the
// student (the overall totals, as window sums over them all) with its deck when the deck is the
// family's (only those are listed).
const deckAndOverallTotals = precompiled((db, familyId: FamilyId, studentId: number) =>
  db
    .selectFrom('study_totals as s')
    .leftJoin('decks as d', (join) => join.onRef('d.id', '=', 's.deck_id').on('d.family_id', '=', familyId))
    // A deck following a shared deck shows the original's title, subtitle and colour (issue 23).
    .leftJoin('decks as o', 'o.id', 'd.shared_from_deck_id')
    .where('s.student_id', '=', studentId)
    .select((eb) => [
      's.deck_id',
      sql<boolean>`d.id is not null`.as('listed'),
      eb.fn.coalesce('o.title', 'd.title').as('deck_title'),
      eb
        .case()
        .when('o.id', 'is not', null)
        .then(eb.ref('o.subtitle'))
        .else(eb.ref('d.subtitle'))
        .end()
        .as('deck_subtitle'),
      eb.fn.coalesce('o.color', 'd.color').as('deck_color'),
      's.sessions as total_study_sessions',
      sql<number | null>`s.cards_mastered * 100.0 / nullif(s.cards_studied, 0)`.as('average_accuracy'),
      's.last_studied',
      's.study_seconds as total_study_time',
      sql<number>`count(*) over ()`.as('decks_studied'),
      sql<number>`sum(s.sessions) over ()`.as('total_sessions'),
      sql<number | null>`sum(s.cards_mastered) over () * 100.0 / nullif(sum(s.cards_studied) over (), 0)`.as(
        'overall_accuracy',
      ),
      sql<number>`sum(s.study_seconds) over ()`.as('total_study_time_all'),
    ])
    .orderBy('s.last_studied', 'desc')
    .orderBy('s.deck_id', 'desc'),
);

// The worst cards are chosen from the student's totals alone, then joined to their text: joining
// every studied card first cost ~3x more (bench/README.md). The student is the user's (checked
// first) and saves only count the user's cards, so the outer ownership filter is a safeguard that
// removes nothing. The threshold is compared in integers so that a card exactly at it is never let
// in by rounding.
const worstCards = precompiled((db, familyId: FamilyId, studentId: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('card_totals')
        .select(['card_id', 'deck_id', 'attempts', 'correct'])
        .where('student_id', '=', studentId)
        .where(sql<boolean>`100 * correct < ${sql.lit(ATTENTION_ACCURACY_BELOW)} * attempts`)
        .orderBy(sql`correct * 1.0 / attempts`)
        .orderBy('attempts', 'desc')
        .orderBy('card_id')
        .limit(ATTENTION_CARDS_MAX)
        .as('r'),
    )
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    // The student's deck (by its key), holding the card or following the shared deck holding it
    // (issue 23), and the deck holding it (o). The card's deck is checked with a CASE rather than
    // an equality: with `c.deck_id = coalesce(…)` PostgreSQL read each deck's cards for the one
    // card (21 rows a card) where the card's key finds it alone (0.26 → 0.18 ms, bench/README.md).
    .innerJoin('decks as d', 'd.id', 'r.deck_id')
    .innerJoin('decks as o', (join) => join.on('o.id', '=', sql<number>`coalesce(d.shared_from_deck_id, d.id)`))
    .where('d.family_id', '=', familyId)
    .where(
      sql<boolean>`case when d.shared_from_deck_id is null then c.deck_id = d.id else c.deck_id = d.shared_from_deck_id end`,
    )
    .select([
      'c.id',
      'c.en',
      'c.es',
      'o.title as deck_title',
      sql<number>`r.correct * 100.0 / r.attempts`.as('accuracy_percentage'),
      'r.attempts as times_studied',
    ])
    .orderBy(sql`r.correct * 1.0 / r.attempts`)
    .orderBy('r.attempts', 'desc')
    .orderBy('c.id'),
);

/**
 * Totals over all of a student's sessions (accuracy null when nothing was studied), and one row
 * per studied deck of the family, most recently studied first.
 */
export async function totals(db: DbHandle, familyId: FamilyId, studentId: number) {
  const rows = await deckAndOverallTotals(db, familyId, studentId);
  const first = rows[0];
  return {
    overall: {
      decks_studied: first?.decks_studied ?? 0,
      total_sessions: first?.total_sessions ?? 0,
      overall_accuracy: first?.overall_accuracy ?? null,
      total_study_time: first?.total_study_time_all ?? 0,
    },
    decks: rows
      .filter((r) => Boolean(r.listed))
      .map((r) => ({
        deck_id: r.deck_id,
        deck_title: r.deck_title!,
        deck_subtitle: r.deck_subtitle ?? null,
        deck_color: r.deck_color!,
        total_study_sessions: r.total_study_sessions,
        average_accuracy: r.average_accuracy,
        last_studied: r.last_studied,
        total_study_time: r.total_study_time,
      })),
  };
}

/** Cards answered correctly below the attention threshold, worst first, then most attempts; a bounded list. */
export function problematicCards(db: DbHandle, familyId: FamilyId, studentId: number) {
  return worstCards(db, familyId, studentId);
}

/** Stores a finished session and adds it to the student's totals on the deck (call inside a transaction). */
export async function insertSession(db: DbHandle, row: Insertable<StudySessionsTable>): Promise<void> {
  await db.insertInto('study_sessions').values(row).execute();
  await db
    .insertInto('study_totals')
    .values({
      student_id: row.student_id,
      deck_id: row.deck_id,
      sessions: 1,
      cards_studied: row.cards_studied,
      cards_mastered: row.cards_mastered,
      study_seconds: row.study_duration_seconds,
      last_studied: row.created_at,
    })
    .onConflict((oc) =>
      oc.columns(['student_id', 'deck_id']).doUpdateSet((eb) => ({
        sessions: eb('study_totals.sessions', '+', eb.ref('excluded.sessions')),
        cards_studied: eb('study_totals.cards_studied', '+', eb.ref('excluded.cards_studied')),
        cards_mastered: eb('study_totals.cards_mastered', '+', eb.ref('excluded.cards_mastered')),
        study_seconds: eb('study_totals.study_seconds', '+', eb.ref('excluded.study_seconds')),
        last_studied: eb
          .case()
          .when('excluded.last_studied', '>', eb.ref('study_totals.last_studied'))
          .then(eb.ref('excluded.last_studied'))
          .else(eb.ref('study_totals.last_studied'))
          .end(),
      })),
    )
    .execute();
}

// The two statements of every save, compiled once per number of rows (db/precompiled.ts): building
// them anew cost more CPU than SQLite takes to store 20 answers (bench/README.md).
const RESULT_COLUMNS = ['student_id', 'deck_id', 'card_id', 'is_correct', 'created_at'] as const;
const resultsInsert = compiledPerLength((db, ...values) =>
  db.insertInto('card_results').values(rowsOf(values, RESULT_COLUMNS) as Insertable<CardResultsTable>[]),
);
const TOTAL_COLUMNS = ['student_id', 'card_id', 'deck_id', 'attempts', 'correct'] as const;
const totalsUpsert = compiledPerLength((db, ...values) =>
  db
    .insertInto('card_totals')
    .values(rowsOf(values, TOTAL_COLUMNS) as Insertable<CardTotalsTable>[])
    .onConflict((oc) =>
      oc.columns(['student_id', 'card_id']).doUpdateSet((eb) => ({
        attempts: eb('card_totals.attempts', '+', eb.ref('excluded.attempts')),
        correct: eb('card_totals.correct', '+', eb.ref('excluded.correct')),
      })),
    ),
);
// Within the bound-parameter limits of both databases, and a bounded number of compiled lengths.
const ROWS_PER_STATEMENT = 200;

/**
 * The statements that store answers and add them to the student's totals per card, not run: the
 * caller runs them in its transaction (db/write-together.ts).
 */
export function cardResultWrites(db: DbHandle, rows: Insertable<CardResultsTable>[]): CompiledQuery[] {
  const writes: CompiledQuery[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    writes.push(resultsInsert.query(db, valuesOf(rows.slice(i, i + ROWS_PER_STATEMENT), RESULT_COLUMNS)));
  }
  // One row per card: an upsert may not touch the same row twice in one statement (PostgreSQL).
  const totals = new Map<string, Insertable<CardTotalsTable>>();
  for (const r of rows) {
    const key = `${r.student_id}:${r.card_id}`;
    const t = totals.get(key) ?? {
      student_id: r.student_id,
      card_id: r.card_id,
      deck_id: r.deck_id,
      attempts: 0,
      correct: 0,
    };
    t.attempts += 1;
    t.correct += r.is_correct;
    totals.set(key, t);
  }
  const all = [...totals.values()];
  for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT) {
    writes.push(totalsUpsert.query(db, valuesOf(all.slice(i, i + ROWS_PER_STATEMENT), TOTAL_COLUMNS)));
  }
  return writes;
}

/** Deletes the student's sessions, answers and their totals (of one deck, when given); call inside a transaction. */
export async function deleteProgress(db: DbHandle, studentId: number, deckId?: number): Promise<void> {
  for (const table of ['card_results', 'study_sessions', 'card_totals', 'study_totals'] as const) {
    let q = db.deleteFrom(table).where('student_id', '=', studentId);
    if (deckId !== undefined) q = q.where('deck_id', '=', deckId);
    await q.execute();
  }
}

/** Every session of the user's students (the data export), in the order they were stored. */
export function sessionsOfUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('study_sessions')
    .innerJoin('students', 'students.id', 'study_sessions.student_id')
    .select([
      'study_sessions.id',
      'study_sessions.student_id',
      'study_sessions.deck_id',
      'study_sessions.cards_studied',
      'study_sessions.cards_mastered',
      'study_sessions.cards_not_mastered',
      'study_sessions.accuracy_percentage',
      'study_sessions.study_duration_seconds',
      'study_sessions.created_at',
    ])
    .where('students.family_id', '=', familyId)
    .orderBy('study_sessions.id')
    .execute();
}

/** Every answer of the user's students (the data export), in the order they were stored. */
export function cardResultsOfUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('card_results')
    .innerJoin('students', 'students.id', 'card_results.student_id')
    .select([
      'card_results.id',
      'card_results.student_id',
      'card_results.deck_id',
      'card_results.card_id',
      'card_results.is_correct',
      'card_results.created_at',
    ])
    .where('students.family_id', '=', familyId)
    .orderBy('card_results.id')
    .execute();
}

const lastSessionPerStudent = precompiled((db, familyId: FamilyId) =>
  db
    .selectFrom('students as s')
    .innerJoin('study_totals as t', 't.student_id', 's.id')
    .where('s.family_id', '=', familyId)
    .select((eb) => ['s.id as student_id', eb.fn.max('t.last_studied').as('last')])
    .groupBy('s.id'),
);

/** Per student of the family with a saved study session: when the latest was saved ("All students"). */
export async function lastSessions(db: DbHandle, familyId: FamilyId) {
  return (await lastSessionPerStudent(db, familyId)).map((r) => ({ student_id: r.student_id, last: r.last as string }));
}
