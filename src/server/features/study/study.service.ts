import type { z } from 'zod';
import type { StudySaveResult, cardPerformanceInputSchema, studySessionInputSchema } from '@shared/schemas/study';
import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inTransaction, inUserTransaction, isForeignKeyViolation } from '../../db/transaction';
import { writeTogether } from '../../db/write-together';
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '@shared/constants';
import { notFound } from '../../http/errors';
import { answerRating } from '@shared/answer-modes';
import * as access from '../access';
import { reviewsToRecord, reviewTimes } from '../memory';
import { cardResultWrites, recordSession } from '../progress';
import * as repo from './study.repository';

type SessionInput = z.output<typeof studySessionInputSchema>;
type PerformanceInput = z.output<typeof cardPerformanceInputSchema>;

const DUPLICATE: StudySaveResult = { ok: true, duplicate: true, saved: 0 };
/** Thrown inside a save's transaction when its idempotency key was used before: nothing it wrote stays. */
const ALREADY_STORED = new Error('idempotency key already used');

/**
 * Saving study results. Counts and accuracy are already checked by the request schema; here the
 * student, deck and cards must be the caller's and belong together, and a retried save (same
 * idempotency key) is stored once. Checks, key and rows share one transaction.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const KEY_SWEEP_EVERY_MS = 60 * 60 * 1000;

export function studyService(deps: AppDeps) {
  /** Runs `store` unless the key was used before; a key is claimed only when the rows are stored too. */
  async function once(
    trx: DbHandle,
    familyId: FamilyId,
    scope: repo.IdempotencyScope,
    key: string | undefined,
    store: () => Promise<number>,
  ): Promise<StudySaveResult> {
    if (key !== undefined && !(await repo.claimKey(trx, familyId, scope, key, deps.now().toISOString()))) {
      return DUPLICATE;
    }
    return { ok: true, duplicate: false, saved: await store() };
  }

  /**
   * Turns "deleted while we were saving" into the 404 the request would have got a moment later.
   * With `familyId`, holds the family's lock: two devices syncing the same student at once must
   * not both move a card's memory from the state before either (PostgreSQL reads committed data).
   */
  function atomically<T>(fn: (trx: DbHandle) => Promise<T>, familyId?: FamilyId): Promise<T> {
    const run = familyId === undefined ? inTransaction(deps.db, fn) : inUserTransaction(deps.db, familyId, fn);
    const result = run.catch((err: unknown) => {
      throw isForeignKeyViolation(err) ? notFound() : err;
    });
    void result.then(forgetOldKeys, () => undefined);
    return result;
  }

  // Idempotency keys are needed only while a retry can still come: old ones are deleted, at most hourly.
  let lastSweep = 0;
  function forgetOldKeys() {
    const now = deps.now().getTime();
    if (now - lastSweep < KEY_SWEEP_EVERY_MS) return;
    lastSweep = now;
    const cutoff = new Date(now - IDEMPOTENCY_KEY_RETENTION_DAYS * DAY_MS).toISOString();
    repo.deleteKeysBefore(deps.db.kysely, cutoff).catch((err: unknown) => {
      deps.logger.warn({ err: String(err) }, 'deleting old idempotency keys failed');
    });
  }

  async function requireStudent(trx: DbHandle, familyId: FamilyId, studentId: number) {
    if (!(await access.studentOwned(trx, familyId, studentId))) throw notFound('Student not found');
  }

  return {
    saveSession(who: FamilyScope, input: SessionInput): Promise<StudySaveResult> {
      const { familyId } = who;
      return atomically(async (trx) => {
        await requireStudent(trx, familyId, input.student_id);
        if (!(await access.deckUsable(trx, familyId, input.student_id, input.deck_id)))
          throw notFound('Deck not found');
        return once(trx, familyId, 'study-session', input.idempotency_key, async () => {
          const { idempotency_key: _key, ...record } = input;
          await recordSession(trx, { ...record, created_at: deps.now().toISOString() });
          return 1;
        });
      });
    },

    /**
     * Stores the answers and moves each card's memory (spaced repetition), all in one transaction:
     * the reads and checks, then every write at once (one statement on PostgreSQL:
     * db/write-together.ts), the idempotency key with them; a key used before rolls them back.
     */
    async savePerformance(who: FamilyScope, input: PerformanceInput): Promise<StudySaveResult> {
      const { familyId } = who;
      // A reviewed_at too far from now is refused before anything is read or stored.
      reviewTimes(input.card_results, deps.now());
      const key = input.idempotency_key;
      try {
        return await atomically(async (trx) => {
          const at = deps.now();
          const now = at.toISOString();
          // Checks the student and that every card is in a deck it may study (404 otherwise).
          const reviews = await reviewsToRecord(trx, {
            familyId,
            studentId: input.student_id,
            now: at,
            results: input.card_results.map((r) => ({
              card_id: r.card_id,
              rating: answerRating(r),
              mode: r.mode ?? 'flip',
              reviewed_at: r.reviewed_at,
              duration_ms: r.duration_ms,
            })),
          });
          const results = cardResultWrites(
            trx,
            input.card_results.map((r) => ({
              student_id: input.student_id,
              deck_id: reviews.deckOf.get(r.card_id)!,
              card_id: r.card_id,
              is_correct: r.is_correct ? 1 : 0,
              created_at: now,
            })),
          );
          const claim = key === undefined ? [] : [repo.claimKeyWrite(trx, familyId, 'card-performance', key, now)];
          const claimed = await writeTogether(trx, [...results, ...reviews.writes, ...claim]);
          if (key !== undefined && claimed.length === 0) throw ALREADY_STORED;
          await reviews.afterWrites(trx);
          return { ok: true as const, duplicate: false, saved: input.card_results.length };
        }, familyId);
      } catch (err) {
        if (err === ALREADY_STORED) return DUPLICATE;
        throw err;
      }
    },
  };
}
