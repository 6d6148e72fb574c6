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

// The statements of the progress screen's memory figures over the student's cards (a student may
// know tens of thousands): the cards, those in review (learnt) and their mean predicted recall,
// and, for each of the ascending `ends`, how many cards in a state that comes due are due before it.
//
// On PostgreSQL one pass answers all of it, reading memory_states_deck alone and comparing numbers:
// each row holds its review and due times as epoch ms (last_review_ms, due_ms; due_ms null for a
// card in no due state: migration 0022). Comparing the ISO text under the database's collation, 14
// times a card, cost more than the rest of the statement. On SQLite the same pass cost twice the
// two statements below (3.3 against 1.6 ms for 1,500 cards, 102 against 46 ms for 50,000: the
// forecast's statement reads only the cards due within its days), so SQLite sends those two.
const recallOf = (
  db: DbHandle,
  studentId: number,
  inScope: InScope,
  now: string | number,
  factor: number,
  decay: number,
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
    ])
    .where('memory_states.student_id', '=', studentId)
    .where(inScope);

const recallAndForecast = scoped(
  (db: DbHandle, studentId: number, inScope: InScope, now: number, factor: number, decay: number, ...ends: number[]) =>
    recallOf(db, studentId, inScope, now, factor, decay).select(
      ends.map((end, k) =>
        sql<number>`count(*) filter (where memory_states.due_ms < cast(${end} as double precision))`.as(`due${k}`),
      ),
    ),
);

const recallOfCards = scoped(recallOf);

// SQLite: the cards due before each of the given times, counted per interval between them (one
// pass over the cards due within them, few groups).
const dueByInterval = scoped((db: DbHandle, studentId: number, inScope: InScope, ...ends: string[]) =>
  db
    .selectFrom('memory_states')
    .select((eb) => {
      const interval = ends
        .slice(1)
        .reduce(
          (c, end, k) => c.when('memory_states.due', '<', end).then(k + 1),
          eb.case().when('memory_states.due', '<', ends[0]!).then(0),
        )
        .end();
      return [interval.as('k'), eb.fn.countAll<number>().as('n')];
    })
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.state', 'in', ['learning', 'review', 'relearning'])
    .where('memory_states.due', '<', ends.at(-1)!)
    .where(inScope)
    .groupBy('k'),
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
  const { factor, decay } = curve;
  let row: { n: number; learned: number; recall: number | null } | undefined;
  let dueBefore: number[];
  if (onPostgres(db)) {
    const [figures] = await recallAndForecast(
      db,
      scope,
      studentId,
      Date.parse(now),
      factor,
      decay,
      ...ends.map(Date.parse),
    );
    row = figures;
    dueBefore = ends.map((_, k) => Number((figures as Record<string, unknown> | undefined)?.[`due${k}`] ?? 0));
  } else {
    const [figures, perInterval] = await Promise.all([
      recallOfCards(db, scope, studentId, now, factor, decay),
      dueByInterval(db, scope, studentId, ...ends),
    ]);
    row = figures[0];
    const counts = ends.map(() => 0);
    for (const r of perInterval) counts[Number(r.k)] = Number(r.n);
    let total = 0;
    dueBefore = counts.map((n) => (total += n));
  }
  return {
    dueBefore,
    recall: row && Number(row.n) > 0 ? Number(row.recall) : null,
    learned: Number(row?.learned ?? 0),
  };
}

// The answers per UTC quarter hour (all decks summed) between two slots, and per mode from a slot
// on: ranges of the (student, slot, mode, reviews, correct) index, the same statements (and plans)
// whatever the zone or day. A busy student has a few quarter hours a day, so 12 weeks are at most
// a few hundred rows. On PostgreSQL one statement reads both (the 12 weeks begin before the 30
// days of the modes), grouped by quarter hour and mode: a statement fewer. On SQLite that one cost
// more than the two (1.6 against 1.3 ms for a child answering 100,000 times a year).
const activityOfSlots = precompiled((db, studentId: number, from: string, to: string) =>
  db
    .selectFrom('review_activity')
    .select((eb) => ['slot', eb.fn.sum<number>('reviews').as('reviews'), eb.fn.sum<number>('correct').as('correct')])
    .where('student_id', '=', studentId)
    .where('slot', '>=', from)
    .where('slot', '<', to)
    .groupBy('slot')
    .orderBy('slot'),
);

const answersPerMode = precompiled((db, studentId: number, from: string) =>
  db
    .selectFrom('review_activity')
    .select((eb) => ['mode', eb.fn.sum<number>('reviews').as('reviews'), eb.fn.sum<number>('correct').as('correct')])
    .where('student_id', '=', studentId)
    .where('slot', '>=', from)
    .groupBy('mode'),
);

const answersOfSlotsAndModes = precompiled((db, studentId: number, from: string) =>
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

export interface Answers {
  reviews: number;
  correct: number;
}

/**
 * The student's answers (all decks) per UTC quarter hour ('YYYY-MM-DDTHH:MM') from `from` to
 * before `to`, in slot order, and per mode from `modesFrom` on (`modesFrom` ≥ `from`).
 */
export async function answersOfSlots(
  db: DbHandle,
  studentId: number,
  { from, to, modesFrom }: { from: string; to: string; modesFrom: string },
): Promise<{ slots: ({ slot: string } & Answers)[]; modes: Map<string, Answers> }> {
  const count = (r: { reviews: number | string; correct: number | string }) => ({
    reviews: Number(r.reviews),
    correct: Number(r.correct),
  });
  if (!onPostgres(db)) {
    const [slots, modes] = await Promise.all([
      activityOfSlots(db, studentId, from, to),
      answersPerMode(db, studentId, modesFrom),
    ]);
    return {
      slots: slots.map((r) => ({ slot: r.slot, ...count(r) })),
      modes: new Map(modes.map((r) => [r.mode, count(r)])),
    };
  }
  const slots: ({ slot: string } & Answers)[] = [];
  const modes = new Map<string, Answers>();
  for (const r of await answersOfSlotsAndModes(db, studentId, from < modesFrom ? from : modesFrom)) {
    const { reviews, correct } = count(r);
    if (r.slot >= modesFrom) {
      const m = modes.get(r.mode) ?? { reviews: 0, correct: 0 };
      modes.set(r.mode, { reviews: m.reviews + reviews, correct: m.correct + correct });
    }
    if (r.slot < from || r.slot >= to) continue;
    const last = slots.at(-1);
    if (last?.slot === r.slot)
      Object.assign(last, { reviews: last.reviews + reviews, correct: last.correct + correct });
    else slots.push({ slot: r.slot, reviews, correct });
  }
  return { slots, modes };
}

const daysOfStudent = precompiled((db, studentId: number) =>
  db.selectFrom('streak_days').select('day').where('student_id', '=', studentId).orderBy('day', 'desc'),
);

/** The days the student finished their review, latest first. */
export async function streakDays(db: DbHandle, studentId: number): Promise<string[]> {
  return (await daysOfStudent(db, studentId)).map((r) => r.day);
}
