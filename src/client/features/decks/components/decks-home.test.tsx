import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deck } from '@shared/schemas/deck';
import { DecksHome } from './decks-home';

function deck(id: number, title: string, over: Partial<Deck> = {}): Deck {
  return {
    id,
    title,
    subtitle: null,
    color: '#ff6b6b',
    student_id: null,
    is_imported: false,
    original_deck_id: null,
    is_archived: false,
    created_at: `2024-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    card_count: id,
    creator_name: 'Pat',
    creator_avatar: null,
    creator_is_helper: false,
    ...over,
  };
}

/** Answers the deck list call with the given decks (or a status). */
function stubApi(decks: Deck[] | number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/decks')
        return typeof decks === 'number' ? json({ error: 'Boom', code: 'internal' }, decks) : json(decks);
      return json({ error: 'Not found', code: 'not_found' }, 404);
    }),
  );
}

/** The list for a user without students (every deck). */
function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DecksHome studentId={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Your decks' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('DecksHome', () => {
  beforeEach(() => localStorage.setItem('language', 'en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the SPEC §8 message when the list fails, with no decks', async () => {
    stubApi(500);
    renderHome();
    expect(await screen.findByText(/HTTP error! status: 500/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your decks' })).not.toBeInTheDocument();
  });

  it('pages newest first, searches title and subtitle, and shows archived decks on request', async () => {
    stubApi([
      deck(1, 'Animals', { subtitle: 'Farm and zoo' }),
      deck(2, 'Colours'),
      deck(3, 'Food'),
      deck(4, 'Numbers'),
      deck(5, 'Old words', { is_archived: true }),
    ]);
    const ue = userEvent.setup({ delay: null });
    renderHome();
    await screen.findByText('Page 1 of 2');
    expect(titles()).toEqual(['Numbers', 'Food', 'Colours']);
    await ue.click(screen.getByRole('button', { name: 'Next' }));
    expect(titles()).toEqual(['Animals']);

    await ue.click(screen.getByRole('button', { name: 'Search', expanded: false }));
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear).toBeDisabled();
    await ue.type(screen.getByRole('searchbox', { name: 'Search by title or subtitle' }), 'ZOO{Enter}');
    expect(titles()).toEqual(['Animals']);
    expect(screen.getByRole('button', { name: /Search.*1 result/, expanded: true })).toBeInTheDocument();
    expect(clear).toBeEnabled();

    await ue.click(clear);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await ue.click(screen.getByRole('checkbox', { name: 'Show archived decks' }));
    expect(titles()).toEqual(['Old words', 'Numbers', 'Food']);
    expect(screen.getByText('Archived')).toBeInTheDocument();

    await ue.type(screen.getByRole('searchbox'), 'nothing{Enter}');
    expect(screen.getByRole('heading', { name: 'No results' })).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Show all' }));
    expect(titles()).toEqual(['Numbers', 'Food', 'Colours']);
  }, 20_000);
});
