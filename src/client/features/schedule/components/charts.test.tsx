import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simulateEffort } from '@shared/effort-simulation';
import { DEFAULT_PARAMETERS } from '@shared/schedule';
import { setLanguage } from '@client/lib/i18n';
import { tuningStrings } from '../strings';
import { EffortChart } from './effort-chart';
import { CalibrationChart } from './prediction-section';

const bins = [
  { predicted: 0.74, actual: 0.7, count: 40 },
  { predicted: 0.91, actual: 0.82, count: 300 },
];
const points = simulateEffort(
  {
    parameters: DEFAULT_PARAMETERS,
    cards: [],
    new_cards: 300,
    new_per_day: 10,
    max_reviews_per_day: 200,
    days: 60,
  },
  [0.8, 0.85, 0.9, 0.95, 0.97],
);

beforeAll(async () => {
  await Promise.all([tuningStrings('en'), tuningStrings('es')]);
});
afterEach(async () => {
  await setLanguage('en');
});

describe('the calibration chart', () => {
  it('draws the bins with their answers, and gives the same figures as a table', async () => {
    render(<CalibrationChart bins={bins} name="Lea" />);
    const figure = screen.getByRole('figure', { name: 'Predicted against what happened' });
    expect(within(figure).getByRole('img')).toHaveAccessibleName(
      "2 groups of answers by the recall we predicted; the table below gives each group's figures.",
    );
    expect(within(figure).getByText('Bar: how many Lea remembered')).toBeVisible();
    await userEvent.click(within(figure).getByText('Show as a table'));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['PredictedRememberedAnswers', '74 %70 %40', '91 %82 %300']);
  });

  it('speaks Spanish', async () => {
    await setLanguage('es');
    await tuningStrings('es');
    render(<CalibrationChart bins={bins} name="Lea" />);
    expect(screen.getByRole('figure', { name: 'Lo previsto frente a lo que pasó' })).toBeInTheDocument();
    expect(screen.getByText('Barra: cuántas recordó Lea')).toBeInTheDocument();
    expect(screen.getByText('74 %')).toBeInTheDocument();
  });
});

describe('the effort chart', () => {
  it('marks the chosen retention in the chart and in its table', async () => {
    render(<EffortChart points={points} chosen={0.9} days={60} name="Lea" />);
    const figure = screen.getByRole('figure', { name: 'Reviews per day for each retention' });
    const at = (r: number) => points.find((p) => p.retention === r)!.reviews_per_day;
    const label = (n: number) => new Intl.NumberFormat('en', { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);
    expect(within(figure).getByRole('img')).toHaveAccessibleName(
      `Reviews per day from ${label(at(0.8))} at 80 % to ${label(at(0.97))} at 97 %; the chosen 90 % is marked.`,
    );
    expect(within(figure).getByText(`90 %: ${label(at(0.9))} a day`)).toBeInTheDocument();
    await userEvent.click(within(figure).getByText('Show as a table'));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('RetentionReviews a dayCards remembered after 60 days');
    expect(rows[3]).toHaveTextContent(`90 % (chosen)${label(at(0.9))}`);
    expect(rows[3]).toHaveAttribute('aria-current', 'true');
  });
});
