import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderBare, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox, sendThroughOutbox, stopOutbox } from '@client/lib/outbox';
import { setLanguage } from '@client/lib/i18n';
import { SyncStatus } from './sync-status';

const auth = { user: { id: 1 } };
vi.mock('@client/lib/auth', () => ({ useAuth: () => auth }));
// In the app the outbox starts a few seconds after load (lib/page-settled.ts); here, at once.
vi.mock('@client/lib/page-settled', async (original) => ({
  ...(await original<typeof import('@client/lib/page-settled')>()),
  usePageSettled: () => true,
}));

let queryClient: QueryClient;
const render = (ui: ReactElement) => renderBare(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

/** The query keys (first part) invalidated so far: what the screens read again. */
function invalidations() {
  const keys: string[] = [];
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'invalidate') keys.push(String(event.query.queryKey[0]));
  });
  return keys;
}

const answers = (key: string, count: number) => ({
  kind: 'card-performance' as const,
  body: {
    student_id: 1,
    card_results: Array.from({ length: count }, (_, i) => ({ card_id: i + 1, is_correct: true })),
    idempotency_key: key,
  },
});

let online = false;
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 })),
  );
  online = false;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(async () => {
  stopOutbox();
  await setLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SyncStatus', () => {
  it('says politely how many answers wait, and goes away at zero', async () => {
    render(<SyncStatus />);
    await sendThroughOutbox([answers('k1', 1)]);
    const note = await screen.findByText('1 answer waiting to sync');
    expect(note.closest('[aria-live="polite"]')).not.toBeNull();
    await sendThroughOutbox([answers('k2', 2)]);
    expect(await screen.findByText('3 answers waiting to sync')).toBeInTheDocument();

    online = true;
    await flushOutbox();
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).toBeNull());
  });

  it('reads progress, the Today panel and the deck list again once the outbox has delivered all it held, not before', async () => {
    for (const key of [['progress', 1], ['review', 1, 'all'], ['decks', 'list', 1], ['students']]) {
      queryClient.setQueryData(key, { shown: true });
    }
    const invalidated = invalidations();
    render(<SyncStatus />);
    await sendThroughOutbox([answers('k4', 2)]);
    await sendThroughOutbox([answers('k5', 1)]);
    expect(await screen.findByText('3 answers waiting to sync')).toBeInTheDocument();
    expect(invalidated).toEqual([]);

    online = true;
    await flushOutbox();
    await waitFor(() => expect(new Set(invalidated)).toEqual(new Set(['progress', 'review', 'decks'])));
    // Once, for what was delivered together.
    expect(invalidated.filter((k) => k === 'progress')).toHaveLength(1);
  });

  it('speaks Spanish', async () => {
    await setLanguage('es');
    render(<SyncStatus />);
    await sendThroughOutbox([answers('k3', 2)]);
    expect(await screen.findByText('2 respuestas pendientes de sincronizar')).toBeInTheDocument();
  });
});
