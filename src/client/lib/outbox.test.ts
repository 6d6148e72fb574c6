import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardPerformanceInput, StudySessionInput } from '@shared/schemas/study';
import { STORAGE_KEYS } from './storage';

type Outbox = typeof import('./outbox');

const session = (key: string): StudySessionInput => ({
  student_id: 1,
  deck_id: 2,
  cards_studied: 2,
  cards_mastered: 1,
  cards_not_mastered: 1,
  accuracy_percentage: 50,
  study_duration_seconds: 30,
  idempotency_key: key,
});
const answers = (key: string, count = 2): CardPerformanceInput => ({
  student_id: 1,
  card_results: Array.from({ length: count }, (_, i) => ({
    card_id: 5 + i,
    is_correct: true,
    rating: 'good' as const,
    reviewed_at: '2026-01-01T10:00:00.000Z',
  })),
  idempotency_key: key,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = () => json(201, { ok: true, duplicate: false, saved: 1 });

/** The idempotency keys the server received, in order. */
const sentKeys = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(
    (c) => (JSON.parse((c[1] as RequestInit).body as string) as { idempotency_key: string }).idempotency_key,
  );

let fetchMock: ReturnType<typeof vi.fn>;
let online = true;
let loaded: Outbox[] = [];

/** The outbox as a fresh page load sees it (same IndexedDB and localStorage). */
async function load(): Promise<Outbox> {
  vi.resetModules();
  const outbox = await import('./outbox');
  loaded.push(outbox);
  return outbox;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  fetchMock = vi.fn(async () => ok());
  vi.stubGlobal('fetch', fetchMock);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const o of loaded) o.stopOutbox();
  loaded = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the outbox', () => {
  it('keeps what is queued offline and sends it once back online, oldest first, one at a time', async () => {
    const outbox = await load();
    online = false;
    await outbox.sendThroughOutbox([{ kind: 'study-session', body: session('s1') }]);
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1', 3) }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outbox.outboxState()).toMatchObject({ entries: 2, answers: 3 });

    // A page load while still offline reads the same queue.
    const next = await load();
    await next.startOutbox();
    expect(next.outboxState()).toMatchObject({ entries: 2, answers: 3 });

    online = true;
    window.dispatchEvent(new Event('online'));
    await next.flushOutbox();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/study-sessions', '/api/card-performance']);
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1']);
    expect(next.outboxState()).toMatchObject({ entries: 0, answers: 0, sent: 2 });
    expect([next.outcomeOf('s1'), next.outcomeOf('a1')]).toEqual(['saved', 'saved']);

    await (await load()).startOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('removes an entry only once the server acknowledged it, and stops at a network or server error', async () => {
    const outbox = await load();
    fetchMock
      .mockResolvedValueOnce(ok())
      .mockResolvedValueOnce(json(503, { error: 'down', code: 'unavailable' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await outbox.sendThroughOutbox([
      { kind: 'study-session', body: session('s1') },
      { kind: 'card-performance', body: answers('a1') },
      { kind: 'study-session', body: session('s2') },
    ]);
    // s2 was not tried: answers are sent in order.
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1']);
    expect(outbox.outboxState()).toMatchObject({ entries: 2, answers: 2 });
    expect(outbox.outcomeOf('a1')).toBe('waiting');

    await outbox.flushOutbox();
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1', 'a1']);
    expect(outbox.outboxState().entries).toBe(2);

    // The server already had it (a reply lost on the way back): its answer to the replayed key clears it.
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, duplicate: true, saved: 0 }));
    await outbox.flushOutbox();
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1', 'a1', 'a1', 's2']);
    expect(outbox.outboxState()).toMatchObject({ entries: 0, sent: 3 });
  });

  it('drops a request the server refuses for good, says so, and goes on with the rest', async () => {
    const outbox = await load();
    fetchMock.mockResolvedValueOnce(json(404, { error: 'Card not found', code: 'not_found' }));
    await outbox.sendThroughOutbox([
      { kind: 'card-performance', body: answers('a1', 2) },
      { kind: 'card-performance', body: answers('a2', 1) },
    ]);
    expect(sentKeys(fetchMock)).toEqual(['a1', 'a2']);
    expect(outbox.outboxState()).toMatchObject({ entries: 0, dropped: 2, sent: 1 });
    expect([outbox.outcomeOf('a1'), outbox.outcomeOf('a2')]).toEqual(['rejected', 'saved']);
    outbox.dismissDropped();
    expect(outbox.outboxState().dropped).toBe(0);
  });

  it('keeps a signed-out or rate-limited request for later', async () => {
    const outbox = await load();
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Sign in', code: 'unauthorized' }));
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1') }]);
    expect(outbox.outboxState()).toMatchObject({ entries: 1, dropped: 0 });
    fetchMock.mockResolvedValueOnce(json(429, { error: 'Slow down', code: 'rate_limited' }));
    await outbox.flushOutbox();
    expect(outbox.outboxState()).toMatchObject({ entries: 1, dropped: 0 });
  });

  it('keeps the answers of someone who signed out for their next sign-in, never sending them under another account', async () => {
    const outbox = await load();
    online = false;
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('mum') }], 11);
    expect(outbox.outboxState()).toMatchObject({ entries: 1, answers: 2 });
    // Signed out, then a teacher signs in on the same tablet and studies.
    outbox.setOutboxAccount(null);
    online = true;
    await outbox.flushOutbox();
    expect(fetchMock).not.toHaveBeenCalled();
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('teacher') }], 22);
    expect(sentKeys(fetchMock)).toEqual(['teacher']);
    expect(outbox.outboxState()).toMatchObject({ entries: 0, answers: 0, dropped: 0 });
    expect(await outbox.queuedAnswers()).toEqual([]);

    // A later visit: the first account signs in again, and its answers go.
    const next = await load();
    next.setOutboxAccount(22);
    await next.startOutbox();
    expect(sentKeys(fetchMock)).toEqual(['teacher']);
    next.setOutboxAccount(11);
    await vi.waitFor(() => expect(sentKeys(fetchMock)).toEqual(['teacher', 'mum']));
    await vi.waitFor(() => expect(next.outboxState()).toMatchObject({ entries: 0, sent: 1 }));
  });

  it('sends answers queued before they knew their account for whoever is signed in', async () => {
    const outbox = await load();
    online = false;
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('old') }]);
    const next = await load();
    online = true;
    next.setOutboxAccount(5);
    await next.startOutbox();
    expect(sentKeys(fetchMock)).toEqual(['old']);
  });

  it('sends the answers again without their times when the server refuses the times (a clock far off)', async () => {
    const outbox = await load();
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: 'Invalid input',
        code: 'invalid_input',
        fields: [{ field: 'card_results.0.reviewed_at', code: 'too_small', message: 'Older than 30 days' }],
      }),
    );
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1', 1) }]);
    expect(JSON.parse((fetchMock.mock.calls[1]![1] as RequestInit).body as string)).toEqual({
      student_id: 1,
      card_results: [{ card_id: 5, is_correct: true, rating: 'good' }],
      idempotency_key: 'a1',
    });
    expect(outbox.outboxState()).toMatchObject({ entries: 0, sent: 1 });
  });

  it('moves the old localStorage queue into IndexedDB at start-up and sends each entry exactly once', async () => {
    localStorage.setItem(
      STORAGE_KEYS.pendingStudySaves,
      JSON.stringify([
        { id: 's1', session: session('s1'), performance: answers('a1') },
        { id: 's2', session: null, performance: answers('a2', 1) },
      ]),
    );
    online = false;
    const first = await load();
    await first.startOutbox();
    expect(localStorage.getItem(STORAGE_KEYS.pendingStudySaves)).toBeNull();
    expect(first.outboxState()).toMatchObject({ storage: 'indexeddb', entries: 3, answers: 3 });

    online = true;
    const second = await load();
    await second.startOutbox();
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1', 'a2']);
    await (await load()).startOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not queue an entry twice when the move is repeated (a page closed mid-move)', async () => {
    const legacy = JSON.stringify([{ id: 's1', session: session('s1'), performance: answers('a1') }]);
    localStorage.setItem(STORAGE_KEYS.pendingStudySaves, legacy);
    online = false;
    await (await load()).startOutbox();
    localStorage.setItem(STORAGE_KEYS.pendingStudySaves, legacy);
    const again = await load();
    await again.startOutbox();
    expect(again.outboxState().entries).toBe(2);
  });

  it('keeps answers in localStorage, and says so, when IndexedDB cannot be opened (corrupt or newer)', async () => {
    // A database of a higher version than the app knows: opening it fails with a VersionError.
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('flashcards-outbox', 99);
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error as Error);
    });
    const outbox = await load();
    online = false;
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1') }]);
    expect(outbox.outboxState()).toMatchObject({ storage: 'local', problem: 'unavailable', entries: 1, unsaved: 0 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.outbox)!)).toHaveLength(1);

    online = true;
    const next = await load();
    await next.startOutbox();
    expect(sentKeys(fetchMock)).toEqual(['a1']);
    expect(localStorage.getItem(STORAGE_KEYS.outbox)).toBeNull();
  });

  it('never loses a queued answer when storage is full, and says so', async () => {
    const outbox = await load();
    online = false;
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1') }]);

    const quota = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(quota);
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a2') }]);
    // The new answers went to localStorage; the queued ones are still in IndexedDB.
    expect(outbox.outboxState()).toMatchObject({ problem: 'full', entries: 2, unsaved: 0 });

    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quota);
    await outbox.sendThroughOutbox([{ kind: 'card-performance', body: answers('a3', 1) }]);
    // Nowhere left but memory: still queued and counted, and flagged as at risk.
    expect(outbox.outboxState()).toMatchObject({ problem: 'full', entries: 3, answers: 5, unsaved: 1 });
    add.mockRestore();
    setItem.mockRestore();

    online = true;
    await outbox.flushOutbox();
    expect(sentKeys(fetchMock)).toEqual(['a1', 'a2', 'a3']);
    expect(outbox.outboxState()).toMatchObject({ entries: 0, unsaved: 0 });
  });

  it('asks once for persistent storage when something is first queued', async () => {
    const persist = vi.fn(async () => true);
    const persisted = vi.fn(async () => false);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { storage: { persist, persisted } }),
    );
    const outbox = await load();
    await outbox.sendThroughOutbox([{ kind: 'study-session', body: session('s1') }]);
    await outbox.sendThroughOutbox([{ kind: 'study-session', body: session('s2') }]);
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('the outbox shared by the tabs of a browser', () => {
  /** navigator.locks as the browser has it, for one name: each request waits for the one before. */
  function stubLocks() {
    let tail: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, run: () => Promise<void>) => {
      const mine = tail.then(run);
      tail = mine.catch(() => undefined);
      return mine;
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks: { request } }));
  }

  it('tells a tab that another tab sent what it queued, saved or refused', async () => {
    const first = await load();
    const second = await load();
    online = false;
    await first.sendThroughOutbox([
      { kind: 'study-session', body: session('s1') },
      { kind: 'card-performance', body: answers('a1') },
    ]);
    expect(first.outcomeOf('s1')).toBe('waiting');

    online = true;
    fetchMock.mockResolvedValueOnce(ok()).mockResolvedValueOnce(json(404, { error: 'gone', code: 'not_found' }));
    await second.startOutbox();
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1']);
    await vi.waitFor(() => {
      expect([first.outcomeOf('s1'), first.outcomeOf('a1')]).toEqual(['saved', 'rejected']);
      expect(first.outboxState()).toMatchObject({ entries: 0, answers: 0, sent: 1 });
    });
  });

  it('without notices between tabs, a tab finds its queued save gone and counts it as sent, not sending it again', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const first = await load();
    const second = await load();
    online = false;
    await first.sendThroughOutbox([{ kind: 'card-performance', body: answers('a1') }]);
    online = true;
    await second.flushOutbox();
    expect(first.outcomeOf('a1')).toBe('waiting');

    await first.flushOutbox();
    expect(first.outcomeOf('a1')).toBe('saved');
    expect(sentKeys(fetchMock)).toEqual(['a1']);
  });

  it('lets one tab send at a time, so that two tabs back online send each entry once', async () => {
    stubLocks();
    const first = await load();
    const second = await load();
    online = false;
    await first.sendThroughOutbox([
      { kind: 'study-session', body: session('s1') },
      { kind: 'card-performance', body: answers('a1') },
    ]);
    await second.sendThroughOutbox([{ kind: 'card-performance', body: answers('a2') }]);

    online = true;
    await Promise.all([first.flushOutbox(), second.flushOutbox()]);
    expect(sentKeys(fetchMock)).toEqual(['s1', 'a1', 'a2']);
    expect([first.outcomeOf('s1'), first.outcomeOf('a1'), second.outcomeOf('a2')]).toEqual(['saved', 'saved', 'saved']);
  });
});
