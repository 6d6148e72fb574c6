import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@client/lib/api-client';
import { applyVote } from '../api/bugs-api';
import { bugsStrings } from '../strings';
import { BugBoard } from './bug-board';
import { closeErrorText } from './close-bug-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bug = (id: number, extra = {}) => ({
  id,
  title: `Bug ${id}`,
  description: `Description ${id}`,
  created_at: '2030-01-15T12:00:00.000Z',
  upvotes: 0,
  user_has_voted: false,
  ...extra,
});

function stubApi(
  bugs: unknown[],
  handler: (path: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const answer = handler(path, init);
      if (answer) return answer;
      if (path === '/api/bugs') return json(200, bugs);
      return json(404, { error: 'Not found', code: 'not_found' });
    }),
  );
}

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <BugBoard />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => bugsStrings('en'));

describe('BugBoard', { timeout: 20_000 }, () => {
  it('shows the empty state when there are no bugs', async () => {
    stubApi([]);
    // The board's strings load on demand: the first render waits for them inside act.
    await act(async () => renderBoard());
    expect(await screen.findByRole('heading', { name: 'No bugs reported' })).toBeInTheDocument();
  });

  it('shows three bugs per page with previous and next, and the localized date', async () => {
    stubApi([bug(4), bug(3), bug(2), bug(1)]);
    renderBoard();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Bug 4', 'Bug 3', 'Bug 2']);
    expect(screen.getAllByText('Jan 15, 2030')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Bug 1']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('counts a vote up or down from the server answer', async () => {
    let voted = true;
    stubApi([bug(1, { upvotes: 2 })], (path) => (path === '/api/bugs/1/vote' ? json(200, { voted }) : undefined));
    renderBoard();
    const button = await screen.findByRole('button', { name: /^Vote for "Bug 1"/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Vote for "Bug 1", 3 votes', pressed: true })).toBeInTheDocument();
    voted = false;
    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: 'Vote for "Bug 1", 2 votes', pressed: false }),
    ).toBeInTheDocument();
  });

  it('keeps submit disabled while the report is blank, and shows the failure text', async () => {
    stubApi([], (path, init) =>
      path === '/api/bugs' && init.method === 'POST'
        ? json(500, { error: 'Internal error', code: 'http_error' })
        : undefined,
    );
    renderBoard();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Report bug' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    const submit = within(dialog).getByRole('button', { name: 'Submit report' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('1000 characters remaining')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Crash');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Description'), 'It crashes');
    expect(within(dialog).getByText('990 characters remaining')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit bug report');
  });
});

describe('bug helpers', () => {
  it('applies a vote answer to the count', () => {
    expect(applyVote(bug(1, { upvotes: 2 }), true)).toMatchObject({ upvotes: 3, user_has_voted: true });
    expect(applyVote(bug(1, { upvotes: 2, user_has_voted: true }), false)).toMatchObject({
      upvotes: 1,
      user_has_voted: false,
    });
  });

  it('maps close failures to their texts', () => {
    const t = (key: string) =>
      ({ 'bugs.close.incorrectPassword': 'Incorrect password', 'bugs.close.failed': 'Failed to close bug' })[key] ??
      key;
    expect(closeErrorText(new ApiRequestError('Incorrect password', 403, 'incorrect_password'), t)).toBe(
      'Incorrect password',
    );
    expect(closeErrorText(new ApiRequestError('Too many attempts.', 429, 'rate_limited'), t)).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(closeErrorText(new ApiRequestError('Server error (502)', 502, 'http_error'), t)).toBe('Failed to close bug');
    expect(closeErrorText(new Error('x'), t)).toBe('Failed to close bug');
  });
});
