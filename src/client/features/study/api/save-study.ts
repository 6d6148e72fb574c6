/**
 * Saving a finished session (POST /api/study-sessions and POST /api/card-performance) so that
 * a result is never lost: it is queued in localStorage before the first attempt, retried with
 * backoff, and the queue is sent again on the next visit. Each request carries an idempotency
 * key fixed when the session finished, so a save that reaches the server twice counts once.
 */
import type { CardPerformanceInput, StudySaveResult, StudySessionInput } from '@shared/schemas/study';
import { ApiRequestError, apiFetch } from '@client/lib/api-client';
import { readStorage, writeStorage } from '@client/lib/storage';

export interface PendingSave {
  /** The session's idempotency key; also identifies the entry in the queue. */
  id: string;
  /** Null once stored on the server. */
  session: StudySessionInput | null;
  performance: CardPerformanceInput | null;
}

export { newIdempotencyKey } from '@client/lib/idempotency-key';

export const RETRY_DELAYS_MS = [1000, 3000];

export function readPendingSaves(): PendingSave[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('pendingStudySaves') ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingSave[]).filter((p) => p && typeof p.id === 'string') : [];
  } catch {
    return [];
  }
}

function writePendingSaves(saves: PendingSave[]): void {
  // When storage is unavailable the in-memory retries still run.
  writeStorage('pendingStudySaves', saves.length === 0 ? null : JSON.stringify(saves));
}

/** Adds or replaces an entry (by id). */
function putPending(save: PendingSave): void {
  const rest = readPendingSaves().filter((p) => p.id !== save.id);
  writePendingSaves(save.session || save.performance ? [...rest, save] : rest);
}

/** Errors worth retrying: network, timeouts, rate limits, server errors. */
function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

/** A 400 that names an answer's reviewed_at: too far from the server's clock. */
const refusesAnswerTimes = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 400 && err.fields.some((f) => /\breviewed_at$/.test(f.field));

const withoutAnswerTimes = (performance: CardPerformanceInput): CardPerformanceInput => ({
  ...performance,
  card_results: performance.card_results.map(({ reviewed_at: _, ...result }) => result),
});

export type SaveOutcome = 'saved' | 'retry' | 'rejected';

/**
 * One attempt at whatever of the entry is not stored yet. 'rejected' means the server refused
 * it for good (e.g. the deck was deleted meanwhile): it is logged and dropped (SPEC §8: study
 * save failures are only logged).
 */
export async function attemptSave(entry: PendingSave): Promise<SaveOutcome> {
  let current = { ...entry };
  try {
    if (current.session) {
      await apiFetch<StudySaveResult>('/api/study-sessions', { json: current.session });
      current = { ...current, session: null };
      putPending(current);
    }
    if (current.performance) {
      try {
        await apiFetch<StudySaveResult>('/api/card-performance', { json: current.performance });
      } catch (err) {
        if (!refusesAnswerTimes(err)) throw err;
        // A device whose clock is far off, or answers kept offline past the server's limit: they
        // still count, at the server's time, rather than being lost.
        current = { ...current, performance: withoutAnswerTimes(current.performance) };
        putPending(current);
        await apiFetch<StudySaveResult>('/api/card-performance', { json: current.performance });
      }
      current = { ...current, performance: null };
      putPending(current);
    }
    return 'saved';
  } catch (err) {
    if (isTransient(err)) return 'retry';
    console.error('Failed to save study session', err);
    putPending({ ...current, session: null, performance: null });
    return 'rejected';
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues the entry, then tries it now and after each retry delay; it stays queued if all fail. */
export async function saveWithRetry(
  entry: PendingSave,
  onFirstAttempt?: (o: SaveOutcome) => void,
): Promise<SaveOutcome> {
  putPending(entry);
  let outcome = await attemptSave(entry);
  onFirstAttempt?.(outcome);
  for (const delay of RETRY_DELAYS_MS) {
    if (outcome !== 'retry') break;
    await wait(delay);
    const latest = readPendingSaves().find((p) => p.id === entry.id);
    if (!latest) return 'saved';
    outcome = await attemptSave(latest);
  }
  if (outcome === 'retry') console.error('Failed to save study session; it will be sent again later');
  return outcome;
}

let flushing: Promise<number> | null = null;

/** Sends every queued save once (on load, when back online); resolves with how many were saved. */
export function flushPendingSaves(): Promise<number> {
  flushing ??= (async () => {
    let saved = 0;
    for (const entry of readPendingSaves()) {
      if ((await attemptSave(entry)) === 'saved') saved += 1;
    }
    return saved;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
