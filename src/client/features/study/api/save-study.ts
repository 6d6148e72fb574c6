/**
 * Saving a finished session (POST /api/study-sessions and POST /api/card-performance) so that a
 * result is never lost: both requests go into the outbox (lib/outbox.ts, IndexedDB) before the
 * first attempt, and leave it only once the server has them; the outbox sends them again at
 * start-up and when the browser is back online. Each request carries an idempotency key fixed
 * when the session finished, so a save that reaches the server twice counts once.
 */
import type { CardPerformanceInput, StudySessionInput } from '@shared/schemas/study';
import { outcomeOf, sendThroughOutbox, type OutboxRequest } from '@client/lib/outbox';

export interface PendingSave {
  /** The session's idempotency key. */
  id: string;
  session: StudySessionInput | null;
  performance: CardPerformanceInput | null;
}

export { newIdempotencyKey } from '@client/lib/idempotency-key';

/** 'retry': kept on this device and sent later; 'rejected': refused by the server for good (and dropped). */
export type SaveOutcome = 'saved' | 'retry' | 'rejected';

export function outboxRequests(save: PendingSave): OutboxRequest[] {
  return [
    ...(save.session ? [{ kind: 'study-session' as const, body: { ...save.session, idempotency_key: save.id } }] : []),
    ...(save.performance ? [{ kind: 'card-performance' as const, body: save.performance }] : []),
  ];
}

/** Where a save stands now, from its requests' keys. */
export function outcomeOfKeys(keys: readonly string[]): SaveOutcome {
  const outcomes = keys.map(outcomeOf);
  if (outcomes.includes('rejected')) return 'rejected';
  return outcomes.includes('waiting') ? 'retry' : 'saved';
}

/**
 * Queues the saves for the signed-in user (`by`) and sends the queue once; resolves with where
 * they stand then and with their keys, to follow them while the outbox keeps sending in the background.
 */
export async function saveStudy(
  saves: readonly PendingSave[],
  by?: number,
): Promise<{ outcome: SaveOutcome; keys: string[] }> {
  const keys = await sendThroughOutbox(saves.flatMap(outboxRequests), by);
  return { outcome: outcomeOfKeys(keys), keys };
}
