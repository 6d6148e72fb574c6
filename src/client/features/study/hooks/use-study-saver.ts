import { useCallback, useEffect, useRef, useState } from 'react';
import {
  flushPendingSaves,
  newIdempotencyKey,
  saveWithRetry,
  type PendingSave,
  type SaveOutcome,
} from '../api/save-study';
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
 * Saves finished sessions; also sends saves left over from earlier visits (on mount and when
 * the browser comes back online). `refreshProgress` runs after every successful save; pass a
 * stable function (useCallback), since a new one sends the queue again.
 */
export function useStudySaver(refreshProgress: () => void) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const round = useRef(0);

  useEffect(() => {
    const flush = () =>
      void flushPendingSaves().then((saved) => {
        if (saved > 0) refreshProgress();
      });
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [refreshProgress]);

  /**
   * Saves one entry, or several together (a review touches several decks); null without a student.
   * Resolves after the first attempt; retries continue in the background.
   */
  const save = useCallback(
    (entry: PendingSave | readonly PendingSave[] | null) =>
      new Promise<void>((resolve) => {
        const mine = ++round.current;
        const entries = entry === null ? [] : 'id' in entry ? [entry] : entry;
        if (entries.length === 0) {
          setStatus('none');
          resolve();
          return;
        }
        setStatus('saving');
        const update = (outcomes: SaveOutcome[]) => {
          const o = outcomes.includes('rejected') ? 'rejected' : outcomes.includes('retry') ? 'retry' : 'saved';
          if (o === 'saved') refreshProgress();
          if (round.current === mine) setStatus(statusOf(o));
        };
        const firsts: Promise<SaveOutcome>[] = [];
        const finals = entries.map((e) => {
          let first: (o: SaveOutcome) => void = () => {};
          firsts.push(new Promise((r) => (first = r)));
          return saveWithRetry(e, (o) => first(o));
        });
        void Promise.all(firsts).then((outcomes) => {
          update(outcomes);
          resolve();
        });
        void Promise.all(finals).then(update);
      }),
    [refreshProgress],
  );

  const reset = useCallback(() => {
    round.current += 1;
    setStatus('idle');
  }, []);

  return { status, save, reset };
}
