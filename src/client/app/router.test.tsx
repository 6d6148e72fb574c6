import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import { AppRoutes } from './router';

const user = {
  id: 1,
  email: 'pat@example.com',
  name: 'Pat',
  google_user_data: { picture: null, given_name: 'Pat', name: 'Pat' },
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () => json(404, { error: 'Not found', code: 'not_found' });

/** fetch stand-in: the user check answers `me` (a promise keeps it pending), the rest from `answers`. */
function stubApi(me: typeof user | null | Promise<never>, answers: Record<string, unknown> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/users/me') {
        const answer = await me;
        return answer ? json(200, answer) : json(401, { error: 'Sign-in required', code: 'unauthorized' });
      }
      return path in answers ? json(200, answers[path]) : notFound();
    }),
  );
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('pages for signed-in users', () => {
  it('wait for the user check', async () => {
    stubApi(new Promise<never>(() => {}));
    renderAt('/bugs');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('show visitors the welcome at home', async () => {
    stubApi(null);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: /one card at a time/ })).toBeInTheDocument();
  });

  it('show visitors the sign-in-required screen on the bug board', async () => {
    stubApi(null);
    renderAt('/bugs');
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
  });

  it('send visitors home from the other pages', async () => {
    for (const path of ['/progress', '/deck/1', '/study/1', '/onboarding']) {
      stubApi(null);
      const { unmount } = renderAt(path);
      expect(await screen.findByRole('heading', { name: /one card at a time/ })).toBeInTheDocument();
      unmount();
    }
  });

  it('show a user the not-found screen for a deck that is not there, to view or to study', async () => {
    for (const path of ['/deck/999', '/deck/abc', '/study/999']) {
      stubApi(user, { '/api/students': [] });
      const { unmount } = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Deck not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
      unmount();
    }
  });
});

describe('unknown addresses', () => {
  it('show the not-found screen', async () => {
    stubApi(null);
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
