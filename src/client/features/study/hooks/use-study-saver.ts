import { useCallback, useEffect, useRef, useState } from 'react';
import { useUserId } from '@client/lib/auth';
import { outboxState, subscribeOutbox } from '@client/lib/outbox';
import { newIdempotencyKey, outcomeOfKeys, saveStudy, type PendingSave, type SaveOutcome } from '../api/save-study';
import type { StudySummary } from '../study-state';
import { durationSeconds } from '@shared/study';

/** idle → saving → saved | pending (retrying in the background) | rejected; 'none' without a student. */
export type SaveStatus = 'idle' | 'none' | 'saving' | 'saved' | 'pending' | 'rejected';

const statusOf = (o: SaveOutcome): SaveStatus => (o === 'saved' ? 'saved' : o === 'retry' ? 'pending' : 'rejected');

/** The two request bodies of a finished session, each with its own idempotency key. */
export function buildPendingSave(input: {
  studentId: number;
  deckId: number;
  summary: StudySummary;
  startedAt: number;
  finishedAt: number;
}): PendingSave {
  const { studentId, deckId, summary } = input;
  const key = newIdempotencyKey();
  return {
    id: key,
    session: {
      student_id: studentId,
      deck_id: deckId,
      cards_studied: summary.total,
      cards_mastered: summary.mastered,
      cards_not_mastered: summary.notMastered,
      accuracy_percentage: summary.accuracy,
      study_duration_seconds: durationSeconds(input.startedAt, input.finishedAt),
      idempotency_key: key,
    },
    performance:
      summary.results.length > 0
        ? {
            student_id: studentId,
            // When the session ended, so that a save sent later (offline) counts on the right day.
            card_results: summary.results.map((r) => ({ ...r, reviewed_at: new Date(input.finishedAt).toISOString() })),
            idempotency_key: newIdempotencyKey(),
          }
        : null,
  };
}

/**
 * Saves finished sessions through the outbox, which keeps them on the device until the server has
 * them (and sends them at start-up and when back online). The status follows the latest save,
 * also once the outbox sends it in the background. `refreshProgress` runs whenever the outbox
 * delivers something while this is mounted; pass a stable function (useCallback).
 */
export function useStudySaver(refreshProgress: () => void) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const round = useRef(0);
  const keys = useRef<readonly string[]>([]);
  const userId = useUserId();

  useEffect(() => {
    let sent = outboxState().sent;
    return subscribeOutbox(() => {
      const now = outboxState().sent;
      if (now !== sent) refreshProgress();
      sent = now;
      if (keys.current.length > 0) setStatus((s) => (s === 'pending' ? statusOf(outcomeOfKeys(keys.current)) : s));
    });
  }, [refreshProgress]);

  /** Saves one entry, or several together (a review touches several decks); null without a student. */
  const save = useCallback(
    async (entry: PendingSave | readonly PendingSave[] | null) => {
      const mine = ++round.current;
      const entries = entry === null ? [] : 'id' in entry ? [entry] : entry;
      keys.current = [];
      if (entries.length === 0) {
        setStatus('none');
        return;
      }
      setStatus('saving');
      const { outcome, keys: saved } = await saveStudy(entries, userId);
      if (round.current !== mine) return;
      keys.current = saved;
      setStatus(statusOf(outcome));
    },
    [userId],
  );

  const reset = useCallback(() => {
    round.current += 1;
    keys.current = [];
    setStatus('idle');
  }, []);

  return { status, save, reset };
}
