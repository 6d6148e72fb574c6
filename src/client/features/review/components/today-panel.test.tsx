import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQueue } from '@shared/schemas/review';
import { setLanguage } from '@client/lib/i18n';
import { TodayPanel } from './today-panel';

const queue = (over: Partial<ReviewQueue> = {}): ReviewQueue => ({
  cards: [],
  counts: { due: 0, new: 0, learning: 0 },
  next_due_at: null,
  ...over,
});

/** Answers the review queue with `answer`; returns the paths asked for. */
function stubQueue(answer: ReviewQueue) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function renderPanel(streak?: number, limits = '10/100') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (l: string) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TodayPanel studentId={7} streak={streak} limits={l} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(ui(limits));
  return { ...result, setLimits: (l: string) => result.rerender(ui(l)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TodayPanel', () => {
  it('asks for the student’s queue in the browser’s time zone and offers to start it', async () => {
    const asked = stubQueue(queue({ counts: { due: 9, learning: 3, new: 5 } }));
    renderPanel(4);
    expect(await screen.findByText('12 to review · 5 new')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Start today's review" })).toHaveAttribute('href', '/study/review');
    expect(screen.getByRole('region', { name: 'Today' })).toHaveTextContent('4-day streak');
    expect(asked).toEqual([
      `/api/students/7/review?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    ]);
  });

  it('reads the queue again when the student’s daily limits change', async () => {
    const asked = stubQueue(queue({ counts: { due: 0, learning: 0, new: 10 } }));
    const { setLimits } = renderPanel();
    await screen.findByText('10 new');
    setLimits('10/100');
    setLimits('20/100');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
  });

  it('says all done and when to come back when nothing is due', async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 4, 18, 0), toFake: ['Date'] });
    stubQueue(queue({ next_due_at: new Date(2026, 2, 5, 0, 0).toISOString() }));
    renderPanel(0);
    expect(await screen.findByText('All done for today!')).toBeInTheDocument();
    expect(screen.getByText('Come back tomorrow for the next cards.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/streak/)).toBeNull();
  });

  it('says when the next cards come later today', async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 4, 18, 0), toFake: ['Date'] });
    stubQueue(queue({ next_due_at: new Date(2026, 2, 4, 18, 10).toISOString() }));
    renderPanel();
    expect(await screen.findByText('All done for now!')).toBeInTheDocument();
    expect(screen.getByText('The next cards are ready in 10 minutes.')).toBeInTheDocument();
  });

  it('has nothing to review before the student has any card', async () => {
    stubQueue(queue());
    renderPanel();
    expect(await screen.findByText(/No cards to review yet/)).toBeInTheDocument();
  });

  it('celebrates a streak that grew since this device last showed it, once', async () => {
    localStorage.setItem('seenStreaks', JSON.stringify({ 7: 2 }));
    stubQueue(queue({ counts: { due: 1, learning: 0, new: 0 } }));
    const { unmount } = renderPanel(3);
    expect(await screen.findByRole('status')).toHaveTextContent('Your streak grew to 3 days! 🎉');
    expect(JSON.parse(localStorage.getItem('seenStreaks')!)).toEqual({ 7: 3 });
    unmount();
    renderPanel(3);
    await screen.findByText('1 to review');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('remembers a broken streak without a word', async () => {
    localStorage.setItem('seenStreaks', JSON.stringify({ 7: 5 }));
    stubQueue(queue({ counts: { due: 1, learning: 0, new: 0 } }));
    renderPanel(1);
    await screen.findByText('1 to review');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(JSON.parse(localStorage.getItem('seenStreaks')!)).toEqual({ 7: 1 });
  });

  it('speaks Spanish', async () => {
    await setLanguage('es');
    try {
      stubQueue(queue({ counts: { due: 1, learning: 0, new: 2 } }));
      renderPanel(1);
      expect(await screen.findByText('1 por repasar · 2 nuevas')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Empezar el repaso de hoy' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Hoy' })).toHaveTextContent('Racha de 1 día');
    } finally {
      await setLanguage('en');
    }
  });
});
