import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { render, screen, waitFor } from '@testing-library/react';
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

  it('speaks Spanish', async () => {
    await setLanguage('es');
    render(<SyncStatus />);
    await sendThroughOutbox([answers('k3', 2)]);
    expect(await screen.findByText('2 respuestas pendientes de sincronizar')).toBeInTheDocument();
  });
});
