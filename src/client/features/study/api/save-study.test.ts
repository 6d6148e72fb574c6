import { STORAGE_KEYS } from '@client/lib/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '@shared/schemas/study';
import {
  attemptSave,
  flushPendingSaves,
  newIdempotencyKey,
  readPendingSaves,
  saveWithRetry,
  type PendingSave,
} from './save-study';

const entry = (): PendingSave => ({
  id: 'key-session-1',
  session: {
    student_id: 1,
    deck_id: 2,
    cards_studied: 2,
    cards_mastered: 1,
    cards_not_mastered: 1,
    accuracy_percentage: 50,
    study_duration_seconds: 30,
    idempotency_key: 'key-session-1',
  },
  performance: { student_id: 1, card_results: [{ card_id: 5, is_correct: true }], idempotency_key: 'key-perf-1' },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('saving a finished session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('makes idempotency keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(idempotencyKeySchema.safeParse(k).success).toBe(true);
  });

  it('posts the session, then the card results, and leaves nothing queued', async () => {
    fetchMock.mockImplementation(async () => json(201, { ok: true, duplicate: false, saved: 1 }));
    expect(await saveWithRetry(entry())).toBe('saved');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/study-sessions', '/api/card-performance']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toMatchObject({
      idempotency_key: 'key-session-1',
      accuracy_percentage: 50,
    });
    expect(localStorage.getItem(STORAGE_KEYS.pendingStudySaves)).toBeNull();
  });

  it('keeps a save that failed on the network and sends only what is missing later, with the same keys', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(json(201, { ok: true, duplicate: false, saved: 1 }))
      .mockRejectedValue(new TypeError('Failed to fetch'));
    const firstAttempt = vi.fn();
    const done = saveWithRetry(entry(), firstAttempt);
    await vi.runAllTimersAsync();
    expect(await done).toBe('retry');
    expect(firstAttempt).toHaveBeenCalledWith('retry');
    // 1 session + 3 attempts at the card results
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(readPendingSaves()).toEqual([{ ...entry(), session: null }]);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(200, { ok: true, duplicate: true, saved: 0 }));
    expect(await flushPendingSaves()).toBe(1);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/card-performance']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).idempotency_key).toBe('key-perf-1');
    expect(readPendingSaves()).toEqual([]);
  });

  it('retries server errors but drops a save the server refuses for good (logged)', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: 'down', code: 'unavailable' }));
    expect(await attemptSave(entry())).toBe('retry');
    fetchMock.mockResolvedValueOnce(json(404, { error: 'Not found', code: 'not_found' }));
    localStorage.setItem(STORAGE_KEYS.pendingStudySaves, JSON.stringify([entry()]));
    expect(await attemptSave(entry())).toBe('rejected');
    expect(readPendingSaves()).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });

  it('sends the answers again without their times when the server refuses the times (a clock far off)', async () => {
    const timed: PendingSave = {
      ...entry(),
      session: null,
      performance: {
        student_id: 1,
        card_results: [{ card_id: 5, is_correct: true, rating: 'good', reviewed_at: '2000-01-01T00:00:00.000Z' }],
        idempotency_key: 'key-perf-1',
      },
    };
    fetchMock
      .mockResolvedValueOnce(
        json(400, {
          error: 'Invalid input',
          code: 'validation_error',
          fields: [{ field: 'card_results.0.reviewed_at', code: 'too_old', message: 'Too old' }],
        }),
      )
      .mockResolvedValueOnce(json(201, { ok: true, duplicate: false, saved: 1 }));
    expect(await attemptSave(timed)).toBe('saved');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({
      student_id: 1,
      card_results: [{ card_id: 5, is_correct: true, rating: 'good' }],
      idempotency_key: 'key-perf-1',
    });
    expect(readPendingSaves()).toEqual([]);
  });

  it('ignores a corrupt queue', () => {
    localStorage.setItem(STORAGE_KEYS.pendingStudySaves, '{not json');
    expect(readPendingSaves()).toEqual([]);
  });
});
