import { PostgresAdapter, sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

/**
 * The memory SQL of "All students": each figure for every student of a family in one statement
 * grouped by student, so the page costs the same few queries for 1 student or 40.
 */

// The cards of each student's decks as the home screen lists them (the family's decks whose
// student is this one or none, archived ones left out), with the deck list's due rule: review
// cards due on this local day, learning cards due by now.
const memoryPerStudent = precompiled((db, familyId: FamilyId, endOfDay: string, now: string) =>
  db
    .selectFrom('students as s')
    .innerJoin('memory_states as m', 'm.student_id', 's.id')
    .innerJoin('decks as d', 'd.id', 'm.deck_id')
    .where('s.family_id', '=', familyId)
    .where('d.family_id', '=', familyId)
    .where('d.is_archived', '=', 0)
    .where((eb) => eb.or([eb('d.student_id', 'is', null), eb('d.student_id', '=', eb.ref('s.id'))]))
    .select([
      's.id as student_id',
      sql<number>`sum(case when m.state = 'review' then 1 else 0 end)`.as('learned'),
      sql<number>`sum(case when m.due < ${endOfDay} and (m.state = 'review' or m.due <= ${now}) then 1 else 0 end)`.as(
        'due',
      ),
    ])
    .groupBy('s.id'),
);

// The same on PostgreSQL, counted per student and deck first: each student's memory read from the
// (student, deck, due, state) index alone, in its order, so the counts need no sort or hash of the
// rows, and only those few counts are joined to the decks. A school class of 30 with 1,000 cards
// each: 9.5 ms of database CPU instead of 20 (the join and sort of 30,000 rows; bench/README.md).
const memoryPerStudentAndDeck = precompiled((db, familyId: number, endOfDay: string, now: string) =>
  db
    .selectFrom('students as s')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('memory_states as m')
          .select([
            'm.deck_id',
            sql<number>`count(*) filter (where m.state = 'review')`.as('learned'),
            sql<number>`count(*) filter (where m.due < ${endOfDay} and (m.state = 'review' or m.due <= ${now}))`.as(
              'due',
            ),
          ])
          .whereRef('m.student_id', '=', 's.id')
          .groupBy('m.deck_id')
          .as('g'),
      (join) => join.onTrue(),
    )
    .innerJoin('decks as d', 'd.id', 'g.deck_id')
    .where('s.family_id', '=', familyId)
    .where('d.family_id', '=', familyId)
    .where('d.is_archived', '=', 0)
    .where((eb) => eb.or([eb('d.student_id', 'is', null), eb('d.student_id', '=', eb.ref('s.id'))]))
    .select(['s.id as student_id', sql<number>`sum(g.learned)`.as('learned'), sql<number>`sum(g.due)`.as('due')])
    .groupBy('s.id'),
);

/** Per student of the family: cards learnt (in review) and cards due today, over the decks they see. */
export async function memoryOfStudents(db: DbHandle, familyId: FamilyId, endOfDay: string, now: string) {
  const read = db.getExecutor().adapter instanceof PostgresAdapter ? memoryPerStudentAndDeck : memoryPerStudent;
  return (await read(db, familyId, endOfDay, now)).map((r) => ({
    student_id: r.student_id,
    learned: Number(r.learned),
    due: Number(r.due),
  }));
}

// Every answer counts (all decks, archived too), read from the answers per quarter hour.
const activityPerStudent = precompiled((db, familyId: FamilyId, accuracyFrom: string, reviewsFrom: string) =>
  db
    .selectFrom('students as s')
    .innerJoin('review_activity as a', 'a.student_id', 's.id')
    .where('s.family_id', '=', familyId)
    .where('a.slot', '>=', accuracyFrom)
    .select([
      's.id as student_id',
      sql<number>`sum(a.reviews)`.as('reviews'),
      sql<number>`sum(a.correct)`.as('correct'),
      sql<number>`sum(case when a.slot >= ${reviewsFrom} then a.reviews else 0 end)`.as('recent'),
    ])
    .groupBy('s.id'),
);

/**
 * Per student of the family with answers since `accuracyFrom` (a quarter-hour slot): answers and
 * those recalled since then, and answers since `reviewsFrom`.
 */
export async function activityOfStudents(db: DbHandle, familyId: FamilyId, accuracyFrom: string, reviewsFrom: string) {
  return (await activityPerStudent(db, familyId, accuracyFrom, reviewsFrom)).map((r) => ({
    student_id: r.student_id,
    reviews: Number(r.reviews),
    correct: Number(r.correct),
    recent: Number(r.recent),
  }));
}

// The newest answer per student, from the (student, time) index.
const lastAnswerPerStudent = precompiled((db, familyId: FamilyId) =>
  db
    .selectFrom('students as s')
    .where('s.family_id', '=', familyId)
    .select((eb) => [
      's.id as student_id',
      eb
        .selectFrom('review_logs as r')
        .select((r) => r.fn.max('r.reviewed_at').as('t'))
        .whereRef('r.student_id', '=', 's.id')
        .as('last'),
    ]),
);

/** Per student of the family: when they last answered a card (null when never). */
export async function lastAnswers(db: DbHandle, familyId: FamilyId) {
  return (await lastAnswerPerStudent(db, familyId)).map((r) => ({
    student_id: r.student_id,
    last: (r.last as string | null) ?? null,
  }));
}
