import type { Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database } from '../../db/schema';

/** Which save an idempotency key belongs to; one key may serve both saves of a study session. */
export type IdempotencyScope = 'study-session' | 'card-performance';

export interface SessionRow {
  student_id: number;
  deck_id: number;
  cards_studied: number;
  cards_mastered: number;
  cards_not_mastered: number;
  accuracy_percentage: number;
  study_duration_seconds: number;
  created_at: string;
}

export interface CardResultRow {
  student_id: number;
  deck_id: number;
  card_id: number;
  is_correct: number;
  created_at: string;
}

/** Runs `fn` with a repository bound to one transaction: all of it is stored, or none. */
export function inStudyTransaction<T>(db: Kysely<Database>, fn: (repo: StudyRepository) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => fn(studyRepository(trx)));
}

// Every save runs these: compiled once (src/server/db/precompiled.ts).
const studentOfUser = precompiled((db, userId: number, studentId: number) =>
  db.selectFrom('students').select('id').where('id', '=', studentId).where('user_id', '=', userId),
);
const claim = precompiled((db, userId: number, scope: IdempotencyScope, key: string, now: string) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, scope, key, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
    .returning('key'),
);

/** All SQL of saving study results. */
export function studyRepository(db: Kysely<Database>) {
  return {
    async studentOwned(userId: number, studentId: number): Promise<boolean> {
      return (await studentOfUser(db, userId, studentId)).length > 0;
    },

    /** Whether the deck is the user's and is either this student's or shared (no student). */
    async deckUsable(userId: number, studentId: number, deckId: number): Promise<boolean> {
      const row = await db
        .selectFrom('decks')
        .select('id')
        .where('id', '=', deckId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', studentId)]))
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The cards among `cardIds` in decks the student may study, with their deck. */
    usableCards(userId: number, studentId: number, cardIds: number[]): Promise<{ id: number; deck_id: number }[]> {
      return db
        .selectFrom('cards')
        .innerJoin('decks', 'decks.id', 'cards.deck_id')
        .select(['cards.id', 'cards.deck_id'])
        .where('cards.id', 'in', cardIds)
        .where('decks.user_id', '=', userId)
        .where((eb) => eb.or([eb('decks.student_id', 'is', null), eb('decks.student_id', '=', studentId)]))
        .execute();
    },

    /**
     * Records the key; false when it was already recorded. The primary key decides, so two
     * concurrent requests with one key cannot both win.
     */
    async claimKey(userId: number, scope: IdempotencyScope, key: string, now: string): Promise<boolean> {
      return (await claim(db, userId, scope, key, now)).length > 0;
    },

    /** Stores the session and adds it to the student's totals on the deck (call inside the transaction). */
    async insertSession(row: SessionRow): Promise<void> {
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
    },

    /** Stores the answers and adds them to the student's totals per card (call inside the transaction). */
    async insertCardResults(rows: CardResultRow[]): Promise<void> {
      await db.insertInto('card_results').values(rows).execute();
      // One row per card: an upsert may not touch the same row twice in one statement (PostgreSQL).
      const totals = new Map<
        string,
        { student_id: number; card_id: number; deck_id: number; attempts: number; correct: number }
      >();
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
      await db
        .insertInto('card_totals')
        .values([...totals.values()])
        .onConflict((oc) =>
          oc.columns(['student_id', 'card_id']).doUpdateSet((eb) => ({
            attempts: eb('card_totals.attempts', '+', eb.ref('excluded.attempts')),
            correct: eb('card_totals.correct', '+', eb.ref('excluded.correct')),
          })),
        )
        .execute();
    },
  };
}
export type StudyRepository = ReturnType<typeof studyRepository>;

/** A row referenced something deleted meanwhile (PostgreSQL 23503, SQLite FOREIGNKEY). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
