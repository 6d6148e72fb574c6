import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemoryStatistics } from '@shared/schemas/review';
import { setLanguage } from '@client/lib/i18n';
import { MemoryOverview } from './memory-overview';

const day = (offset: number) => new Date(Date.UTC(2026, 2, 4 + offset)).toISOString().slice(0, 10);

const stats: MemoryStatistics = {
  modes: [],
  cards_learned: 42,
  cards_due_today: 7,
  streak_days: 3,
  average_recall: 88,
  forecast: Array.from({ length: 14 }, (_, i) => ({ date: day(i), due: i === 0 ? 7 : i === 2 ? 4 : 0 })),
  activity: Array.from({ length: 84 }, (_, i) => ({
    date: day(i - 83),
    reviews: i === 83 ? 12 : i === 80 ? 5 : 0,
    correct: i === 83 ? 10 : i === 80 ? 5 : 0,
  })),
};

describe('MemoryOverview', () => {
  it('shows the tiles, both charts with a summary, and each chart as a table', { timeout: 20_000 }, async () => {
    render(<MemoryOverview stats={stats} />);
    const tiles = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(tiles).toEqual([
      ['Cards learned', '42'],
      ['Due today', '7'],
      ['Streak', '3 days'],
    ]);

    expect(screen.getByRole('img', { name: 'Bar chart: 11 cards due in the next 14 days.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Calendar: 17 reviews on 2 days.' })).toBeInTheDocument();

    const forecast = screen.getByRole('figure', { name: 'Cards due in the next 14 days' });
    const activity = screen.getByRole('figure', { name: 'Reviews in the last 12 weeks' });
    // Closed, the tables are not built (the progress screen's first render stays short).
    expect(forecast.querySelector('table')).toBeNull();
    expect(activity.querySelector('table')).toBeNull();
    await userEvent.click(within(forecast).getByText('Show as a table'));
    const rows = within(await within(forecast).findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows[1]).toHaveTextContent('Today (Wed, Mar 4, 2026)7');
    expect(rows[3]).toHaveTextContent('Fri, Mar 6, 20264');

    await userEvent.click(within(activity).getByText('Show as a table'));
    const days = within(await within(activity).findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(days.map((r) => r.textContent)).toEqual(['Sun, Mar 1, 202655', 'Wed, Mar 4, 20261210']);
  });

  it('speaks Spanish', async () => {
    await setLanguage('es');
    try {
      render(<MemoryOverview stats={stats} />);
      expect(screen.getByRole('heading', { name: 'Memoria' })).toBeInTheDocument();
      expect(screen.getByText('3 días')).toBeInTheDocument();
      expect(screen.getByRole('figure', { name: 'Repasos de las últimas 12 semanas' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
