import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, meQuery, useAuth } from './auth';

const user = {
  id: 1,
  email: 'ana@example.com',
  name: 'Ana',
  google_user_data: { picture: null, given_name: 'Ana', name: 'Ana' },
};

function Probe({ onReady }: { onReady?: (auth: ReturnType<typeof useAuth>) => void }) {
  const auth = useAuth();
  onReady?.(auth);
  return <p>{auth.isPending ? 'pending' : auth.user ? `user:${auth.user.email}` : 'signed-out'}</p>;
}

function renderAuth(
  onReady?: (auth: ReturnType<typeof useAuth>) => void,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe onReady={onReady} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('AuthProvider', () => {
  it('is pending until the first current-user fetch settles, then has the user', async () => {
    let resolve!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    renderAuth();
    expect(screen.getByText('pending')).toBeInTheDocument();
    await act(async () => resolve(json(200, user)));
    expect(await screen.findByText('user:ana@example.com')).toBeInTheDocument();
  });

  it('leaves the user unset and logs when the fetch fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'x', code: 'internal' })),
    );
    renderAuth();
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user: API responded with HTTP status 500');
    error.mockRestore();
  });

  it('shares one request between concurrent fetches', async () => {
    const fetchMock = vi.fn(async () => json(200, user));
    vi.stubGlobal('fetch', fetchMock);
    let auth!: ReturnType<typeof useAuth>;
    renderAuth((a) => (auth = a));
    await screen.findByText('user:ana@example.com');
    fetchMock.mockClear();
    await act(() => Promise.all([auth.fetchUser(), auth.fetchUser(), auth.fetchUser()]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears the local user before calling the server on logout', async () => {
    let logoutSeenSignedOut = false;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/logout') {
        logoutSeenSignedOut = client.getQueryData(meQuery.queryKey) === null;
        return json(200, { ok: true });
      }
      return json(200, user);
    });
    vi.stubGlobal('fetch', fetchMock);
    let auth!: ReturnType<typeof useAuth>;
    renderAuth((a) => (auth = a), client);
    await screen.findByText('user:ana@example.com');
    await act(() => auth.logout());
    expect(logoutSeenSignedOut).toBe(true);
    await waitFor(() => expect(screen.getByText('signed-out')).toBeInTheDocument());
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/AuthProvider/);
  });
});
