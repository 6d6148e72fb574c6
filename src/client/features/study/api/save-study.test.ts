import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '@shared/schemas/study';
import { STORAGE_KEYS } from '@client/lib/storage';
import { stopOutbox } from '@client/lib/outbox';
import { newIdempotencyKey, outboxRequests, saveStudy, type PendingSave } from './save-study';

const entry = (id = 'key-session-1', perf = 'key-perf-1'): PendingSave => ({
  id,
  session: {
    student_id: 1,
    deck_id: 2,
    cards_studied: 2,
    cards_mastered: 1,
    cards_not_mastered: 1,
    accuracy_percentage: 50,
    study_duration_seconds: 30,
    idempotency_key: id,
  },
  performance: { student_id: 1, card_results: [{ card_id: 5, is_correct: true }], idempotency_key: perf },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('saving a finished session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    stopOutbox();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('makes idempotency keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(idempotencyKeySchema.safeParse(k).success).toBe(true);
  });

  it('queues only what there is: a session without answers is one request', () => {
    expect(outboxRequests({ ...entry(), performance: null }).map((r) => r.kind)).toEqual(['study-session']);
    expect(outboxRequests(entry()).map((r) => r.kind)).toEqual(['study-session', 'card-performance']);
  });

  it('posts the session, then the card results, and leaves nothing queued', async () => {
    fetchMock.mockImplementation(async () => json(201, { ok: true, duplicate: false, saved: 1 }));
    expect((await saveStudy([entry()])).outcome).toBe('saved');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/study-sessions', '/api/card-performance']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toMatchObject({
      idempotency_key: 'key-session-1',
      accuracy_percentage: 50,
    });
    expect(localStorage.getItem(STORAGE_KEYS.pendingStudySaves)).toBeNull();
  });

  it('keeps a save that failed on the network and sends only what is missing later, with the same keys', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, { ok: true, duplicate: false, saved: 1 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const first = await saveStudy([entry('key-session-2', 'key-perf-2')]);
    expect(first.outcome).toBe('retry');

    fetchMock.mockImplementation(async () => json(200, { ok: true, duplicate: true, saved: 0 }));
    const next = await saveStudy([entry('key-session-3', 'key-perf-3')]);
    expect(next.outcome).toBe('saved');
    const keys = fetchMock.mock.calls.map((c) => JSON.parse(c[1].body).idempotency_key);
    expect(keys).toEqual(['key-session-2', 'key-perf-2', 'key-perf-2', 'key-session-3', 'key-perf-3']);
  });

  it('reports a save the server refuses for good as rejected', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'Not found', code: 'not_found' }));
    expect((await saveStudy([entry('key-session-4', 'key-perf-4')])).outcome).toBe('rejected');
  });
});
