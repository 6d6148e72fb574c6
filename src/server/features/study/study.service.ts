import type { z } from 'zod';
import type { StudySaveResult, cardPerformanceInputSchema, studySessionInputSchema } from '@shared/schemas/study';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import {
  inStudyTransaction,
  isForeignKeyViolation,
  type IdempotencyScope,
  type StudyRepository,
} from './study.repository';

type SessionInput = z.output<typeof studySessionInputSchema>;
type PerformanceInput = z.output<typeof cardPerformanceInputSchema>;

const DUPLICATE: StudySaveResult = { ok: true, duplicate: true, saved: 0 };

/**
 * Saving study results. Counts and accuracy are already checked by the request schema; here the
 * student, deck and cards must be the caller's and belong together, and a retried save (same
 * idempotency key) is stored once. Checks, key and rows share one transaction.
 */
export function studyService(deps: AppDeps) {
  /** Runs `store` unless the key was used before; a key is claimed only when the rows are stored too. */
  async function once(
    trx: StudyRepository,
    userId: number,
    scope: IdempotencyScope,
    key: string | undefined,
    store: () => Promise<number>,
  ): Promise<StudySaveResult> {
    if (key !== undefined && !(await trx.claimKey(userId, scope, key, deps.now().toISOString()))) return DUPLICATE;
    return { ok: true, duplicate: false, saved: await store() };
  }

  /** Turns "deleted while we were saving" into the 404 the request would have got a moment later. */
  function atomically<T>(fn: (trx: StudyRepository) => Promise<T>): Promise<T> {
    return inStudyTransaction(deps.db.kysely, fn).catch((err: unknown) => {
      throw isForeignKeyViolation(err) ? notFound() : err;
    });
  }

  async function requireStudent(trx: StudyRepository, userId: number, studentId: number) {
    if (!(await trx.studentOwned(userId, studentId))) throw notFound('Student not found');
  }

  return {
    saveSession(userId: number, input: SessionInput): Promise<StudySaveResult> {
      return atomically(async (trx) => {
        await requireStudent(trx, userId, input.student_id);
        if (!(await trx.deckUsable(userId, input.student_id, input.deck_id))) throw notFound('Deck not found');
        return once(trx, userId, 'study-session', input.idempotency_key, async () => {
          const { idempotency_key: _key, ...record } = input;
          await trx.insertSession({ ...record, created_at: deps.now().toISOString() });
          return 1;
        });
      });
    },

    savePerformance(userId: number, input: PerformanceInput): Promise<StudySaveResult> {
      return atomically(async (trx) => {
        await requireStudent(trx, userId, input.student_id);
        const wanted = [...new Set(input.card_results.map((r) => r.card_id))];
        const cards = await trx.usableCards(userId, input.student_id, wanted);
        if (cards.length !== wanted.length) throw notFound('Card not found');
        const deckOf = new Map(cards.map((c) => [c.id, c.deck_id]));
        return once(trx, userId, 'card-performance', input.idempotency_key, async () => {
          const now = deps.now().toISOString();
          await trx.insertCardResults(
            input.card_results.map((r) => ({
              student_id: input.student_id,
              deck_id: deckOf.get(r.card_id)!,
              card_id: r.card_id,
              is_correct: r.is_correct ? 1 : 0,
              created_at: now,
            })),
          );
          return input.card_results.length;
        });
      });
    },
  };
}
