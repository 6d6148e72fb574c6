import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deck } from '@shared/schemas/deck';
import { AuthProvider } from '@client/lib/auth';
import { CurrentStudentProvider } from '@client/lib/current-student';
import { setLanguage } from '@client/lib/i18n';
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

const catalogue = {
  decks: [
    {
      id: 'section-1-week-1',
      title: 'Section 1 Week 1',
      subtitle: 'Spanish vocabulary fundamentals for beginners',
      title_es: 'Sección 1 Semana 1',
      subtitle_es: 'Vocabulario básico de español para principiantes',
      description: '',
      color: '#ff6b6b',
      author: 'Flashcards Team',
      cards: [],
    },
  ],
};
const ana = { id: 7, name: 'Ana', age: null, native_language: 'English' };

/** Answers the deck list call with the given decks (or a status); with `students`, a signed-in user with them. */
function stubApi(decks: Deck[] | number, students?: (typeof ana)[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/decks' || url.startsWith('/api/decks?'))
        return typeof decks === 'number' ? json({ error: 'Boom', code: 'internal' }, decks) : json(decks);
      if (url === '/api/users/me')
        return students
          ? json({ id: 1, email: 'pat@example.com', name: 'Pat', google_user_data: { picture: null } })
          : json({ error: 'Sign-in required', code: 'unauthorized' }, 401);
      if (url === '/api/students') return json(students ?? []);
      if (url === '/api/catalogue') return json(catalogue);
      return json({ error: 'Not found', code: 'not_found' }, 404);
    }),
  );
}

/** The list for a user without students (every deck), or for `studentId`. */
function renderHome(studentId: number | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CurrentStudentProvider>
          <MemoryRouter>
            <DecksHome studentId={studentId} />
          </MemoryRouter>
        </CurrentStudentProvider>
      </AuthProvider>
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

  it('shows catalogue decks in the interface language, whose deck each is, and searches what it shows', async () => {
    await setLanguage('es');
    try {
      stubApi(
        [
          deck(1, 'Section 1 Week 1', {
            subtitle: 'Spanish vocabulary fundamentals for beginners',
            is_imported: true,
            original_deck_id: 'section-1-week-1',
            student_id: ana.id,
            creator_is_helper: true,
            creator_name: 'Flashcards Team',
          }),
          deck(2, 'Colours'),
        ],
        [ana],
      );
      const ue = userEvent.setup({ delay: null });
      renderHome(ana.id);
      const imported = (await screen.findByRole('heading', { name: 'Sección 1 Semana 1' })).closest('article')!;
      expect(imported).toHaveTextContent('Vocabulario básico de español para principiantes');
      expect(imported).toHaveTextContent('Del equipo de Flashcards');
      expect(await within(imported as HTMLElement).findByText('Para Ana')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Colours' }).closest('article')).toHaveTextContent(
        'Para todos los niños',
      );
      await ue.click(screen.getByRole('button', { name: 'Buscar', expanded: false }));
      await ue.type(screen.getByRole('searchbox'), 'semana{Enter}');
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Sección 1 Semana 1']);
    } finally {
      await setLanguage('en');
    }
  });
});
