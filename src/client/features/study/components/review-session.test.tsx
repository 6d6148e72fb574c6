import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewCard } from '@shared/schemas/review';
import type { Student } from '@shared/schemas/student';
import { DEFAULT_PARAMETERS } from '@shared/schedule';
import { NEW_MEMORY, schedulerFor } from '@shared/srs';
import i18next from 'i18next';
import { formatInterval } from '@client/lib/schedule-text';
import { ReviewSession } from './review-session';
import { testCard } from '../../../test/cards';

const NOW = Date.UTC(2026, 2, 4, 9, 0);
const DAY = 86_400_000;

const card = (id: number, en: string, es: string, memory: ReviewCard['memory']): ReviewCard => ({
  ...testCard({ id, deck_id: 3, en, es }),
  deck_title: 'Animals',
  memory,
});

// A card learned ten days ago (Good, then Good after its 10-minute step): due again by now.
const learned = schedulerFor({ desired_retention: 0.9 }).replay(2, [
  { rating: 'good', reviewed_at: new Date(NOW - 10 * DAY).toISOString() },
  { rating: 'good', reviewed_at: new Date(NOW - 10 * DAY + 600_000).toISOString() },
])!;
const cards = [card(1, 'dog', 'el perro', { ...NEW_MEMORY }), card(2, 'cat', 'el gato', learned)];

const student = (grading: 'simple' | 'detailed'): Student => ({
  id: 7,
  name: 'Ana',
  age: null,
  native_language: 'English',
  created_at: '2026-01-01T00:00:00.000Z',
  auto_read: false,
  reads: true,
  desired_retention: 0.9,
  new_per_day: 10,
  max_reviews_per_day: 100,
  grading,
});

let posted: { url: string; body: unknown }[];
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ ok: true, duplicate: false, saved: 1 }), { status: 201 });
    }),
  );
  localStorage.setItem('studyTourCompleted', 'true');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderSession(
  grading: 'simple' | 'detailed',
  onResultsSaved = vi.fn(),
  parameters: readonly number[] | null = null,
) {
  render(
    <MemoryRouter>
      <ReviewSession
        cards={cards}
        parameters={parameters}
        student={student(grading)}
        title="Today's review"
        exitTo="/"
        deckOf={() => ({ title: 'Animals', color: '#ff6b6b' })}
        showDeckNames
        firstSide="en"
        onFirstSideChange={() => {}}
        after={undefined}
        onKeepGoing={() => {}}
        tour={() => null}
        onResultsSaved={onResultsSaved}
      />
    </MemoryRouter>,
  );
  return onResultsSaved;
}

describe('ReviewSession', () => {
  it('shows when each detailed answer brings the card back, as the scheduler previews it', async () => {
    renderSession('detailed');
    const t = i18next.getFixedT('en');
    // A new card: the learning steps (1 and 10 minutes).
    expect(screen.getByRole('button', { name: 'Again 1 min' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Good 10 min' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Good/ }));

    // The learned card: days, as src/shared/srs.ts schedules them now.
    const preview = schedulerFor({ desired_retention: 0.9 }).preview(learned, 2, NOW);
    for (const [rating, label] of [
      ['again', 'Again'],
      ['hard', 'Hard'],
      ['good', 'Good'],
      ['easy', 'Easy'],
    ] as const) {
      expect(
        screen.getByRole('button', { name: `${label} ${formatInterval(preview[rating].interval_ms, t)}` }),
      ).toBeVisible();
    }
    expect(preview.easy.interval_ms).toBeGreaterThan(preview.good.interval_ms);
    await userEvent.click(screen.getByRole('button', { name: /^Easy/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toHaveTextContent('You remembered all 2 cards!');
    const answers = posted.find((p) => p.url === '/api/card-performance')!.body as { card_results: unknown[] };
    expect(answers.card_results).toEqual([
      { card_id: 1, is_correct: true, rating: 'good', reviewed_at: new Date(NOW).toISOString(), duration_ms: 0 },
      { card_id: 2, is_correct: true, rating: 'easy', reviewed_at: new Date(NOW).toISOString(), duration_ms: 0 },
    ]);
  });

  it('previews with the child’s own parameters once tuned (issue 26)', async () => {
    // A child who forgets faster: a steeper forgetting curve (w[20]) on the same memory.
    const own = DEFAULT_PARAMETERS.map((x, i) => (i === 20 ? 0.6 : x));
    renderSession('detailed', vi.fn(), own);
    await userEvent.click(screen.getByRole('button', { name: /^Good/ }));
    const t = i18next.getFixedT('en');
    const tuned = schedulerFor({ desired_retention: 0.9, parameters: own }).preview(learned, 2, NOW);
    const standard = schedulerFor({ desired_retention: 0.9 }).preview(learned, 2, NOW);
    expect(tuned.good.interval_ms).not.toBe(standard.good.interval_ms);
    expect(screen.getByRole('button', { name: `Good ${formatInterval(tuned.good.interval_ms, t)}` })).toBeVisible();
  });

  it('grades simply with Mastered and Not mastered, saving good and again, and says how it went', async () => {
    const saved = renderSession('simple');
    expect(screen.queryByRole('button', { name: /^Hard/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Not mastered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mastered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Great Job!' });
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1', '1']);
    expect(posted.map((p) => p.url)).toEqual(['/api/study-sessions', '/api/card-performance']);
    expect(posted[0]!.body).toMatchObject({ student_id: 7, deck_id: 3, cards_studied: 2, cards_mastered: 1 });
    expect((posted[1]!.body as { card_results: { rating: string }[] }).card_results.map((r) => r.rating)).toEqual([
      'again',
      'good',
    ]);
    expect(saved).toHaveBeenCalled();
    expect(within(dialog).getByText('Your results are saved.')).toBeInTheDocument();
  });
});
