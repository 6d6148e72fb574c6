import { PostgresAdapter, sql } from 'kysely';
import { FORGETTING_CURVE } from '@shared/srs';
import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';
import { scoped, type InScope, type Scope } from './memory-sql';

/** The SQL of a student's memory statistics (the progress screen). */

const onPostgres = (db: DbHandle) => db.getExecutor().adapter instanceof PostgresAdapter;

// Whole days since each card's last review, as ts-fsrs counts them (floor of elapsed ms / day),
// from exact milliseconds on both databases. `now` is epoch ms on PostgreSQL, where each row holds
// its review time as epoch ms (last_review_ms, migration 0022) without parsing it.
const daysSinceReview = (db: DbHandle, now: string | number) =>
  onPostgres(db)
    ? sql<number>`greatest(0, floor((cast(${now} as double precision) - memory_states.last_review_ms) / 86400000))`
    : sql<number>`max(0, (cast(round(unixepoch(${now}, 'subsec') * 1000) as integer) - cast(round(unixepoch(memory_states.last_review, 'subsec') * 1000) as integer)) / 86400000)`;

// One pass over the student's cards (a student may know tens of thousands) for the progress
// screen's memory figures: the cards, those in review (learnt), their mean predicted recall
// and, for each of the ascending `ends`, how many cards in a state that comes due are due before
// it. On PostgreSQL it reads memory_states_deck alone and compares numbers: each row holds its
// review and due times as epoch ms (last_review_ms, due_ms; due_ms is null for a card in no due
// state: migration 0022), where comparing the ISO text under the database's collation, 14 times a
// card, cost more than the rest of the statement.
const memoryFigures = scoped(
  (
    db: DbHandle,
    studentId: number,
    inScope: InScope,
    now: string | number,
    factor: number,
    decay: number,
    ...ends: (string | number)[]
  ) =>
    db
      .selectFrom('memory_states')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.countAll<number>().filterWhere('memory_states.state', '=', 'review').as('learned'),
        sql<
          number | null
        >`avg(power(1 + cast(${factor} as double precision) * ${daysSinceReview(db, now)} / memory_states.stability, cast(${decay} as double precision)))`.as(
          'recall',
        ),
        ...ends.map((end, k) =>
          (onPostgres(db)
            ? sql<number>`count(*) filter (where memory_states.due_ms < cast(${end} as double precision))`
            : sql<number>`count(*) filter (where memory_states.state in ('learning', 'review', 'relearning') and memory_states.due < ${end})`
          ).as(`due${k}`),
        ),
      ])
      .where('memory_states.student_id', '=', studentId)
      .where(inScope),
);

/**
 * The memory figures of the scope's cards at `now`: for each of the ascending ISO times `ends`,
 * how many cards are due before it; the mean predicted recall (0–1), null when there are no
 * cards; and how many are in review (learnt). `curve` is the student's forgetting curve
 * (forgettingCurveOf their parameters), the defaults' when absent.
 */
export async function memoryFiguresAt(
  db: DbHandle,
  scope: Scope,
  studentId: number,
  now: string,
  ends: string[],
  curve: Readonly<{ factor: number; decay: number }> = FORGETTING_CURVE,
): Promise<{ dueBefore: number[]; recall: number | null; learned: number }> {
  const pg = onPostgres(db);
  const time = (iso: string): string | number => (pg ? Date.parse(iso) : iso);
  const [row] = await memoryFigures(
    db,
    scope,
    studentId,
    time(now),
    curve.factor,
    curve.decay,
    ...ends.map((end) => time(end)),
  );
  const figures = row as Record<string, unknown> | undefined;
  const cards = Number(figures?.n ?? 0);
  return {
    dueBefore: ends.map((_, k) => Number(figures?.[`due${k}`] ?? 0)),
    recall: cards > 0 ? Number(figures!.recall) : null,
    learned: Number(figures?.learned ?? 0),
  };
}

// The answers per UTC quarter hour and play mode (all decks summed) from a slot on: one range of
// the (student, slot, mode, reviews, correct) index, read in its order, the same statement (and
// plan) whatever the zone or day. A busy student has a few quarter hours a day, so 12 weeks are at
// most a few hundred rows. The day's activity and the answers per mode both come from it.
const answersOfSlots = precompiled((db, studentId: number, from: string) =>
  db
    .selectFrom('review_activity')
    .select((eb) => [
      'slot',
      'mode',
      eb.fn.sum<number>('reviews').as('reviews'),
      eb.fn.sum<number>('correct').as('correct'),
    ])
    .where('student_id', '=', studentId)
    .where('slot', '>=', from)
    .groupBy(['slot', 'mode'])
    .orderBy('slot'),
);

export interface SlotAnswers {
  slot: string;
  mode: string;
  reviews: number;
  correct: number;
}

/** The student's answers per UTC quarter hour and mode from the quarter hour `from` ('YYYY-MM-DDTHH:MM') on, in slot order. */
export async function answersFrom(db: DbHandle, studentId: number, from: string): Promise<SlotAnswers[]> {
  return (await answersOfSlots(db, studentId, from)).map((r) => ({
    slot: r.slot,
    mode: r.mode,
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
