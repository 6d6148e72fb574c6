import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const ANIMALS: [string, string][] = [
  ['dog', 'el perro'],
  ['cat', 'el gato'],
  ['bird', 'el pájaro'],
];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A deck with cards for a student, made through the API; returns the deck and its card ids. */
async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number; title: string };
  const cardIds: number[] = [];
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
    cardIds.push(((await card.json()) as { id: number }).id);
  }
  return { ...deck, cardIds };
}

type Rating = 'again' | 'hard' | 'good' | 'easy';

/** Answers given earlier (reviewed_at in the past, as an offline device sends them): the memory the browser then reads. */
async function answerEarlier(page: Page, studentId: number, answers: { card_id: number; rating: Rating; at: number }[]) {
  const res = await page.request.post('/api/card-performance', {
    data: {
      student_id: studentId,
      card_results: answers.map((a) => ({
        card_id: a.card_id,
        is_correct: a.rating !== 'again',
        rating: a.rating,
        reviewed_at: new Date(a.at).toISOString(),
      })),
    },
  });
  expect(res.status()).toBe(201);
}

/** Learned twice ten days ago (Good, then Good after the 10-minute step): a review card due by now. */
const learnedLongAgo = (cardId: number, now: number) => [
  { card_id: cardId, rating: 'good' as const, at: now - 10 * DAY },
  { card_id: cardId, rating: 'good' as const, at: now - 10 * DAY + 10 * MINUTE },
];

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });
const todayPanel = (page: Page) => page.getByRole('region', { name: /^(Today|Hoy)$/ });

interface CardResultBody {
  card_id: number;
  is_correct: boolean;
  rating?: string;
  reviewed_at?: string;
}

/** Collects the answers the page posts to /api/card-performance. */
function recordAnswers(page: Page) {
  const sent: CardResultBody[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/card-performance')) {
      sent.push(...((req.postDataJSON() as { card_results: CardResultBody[] }).card_results ?? []));
    }
  });
  return sent;
}

// Whole journeys with real saves and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('today’s review', () => {
  test('from home: new cards, simple grading, answers saved with their rating and time', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sent = recordAnswers(page);
    await page.clock.install();
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    await seedDeck(page, ana.id, 'Animals', ANIMALS);

    await page.goto('/');
    const today = todayPanel(page);
    await expect(today).toContainText('3 new');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/home-today.png', fullPage: true });
    await today.getByRole('link', { name: "Start today's review" }).click();

    await expect(page).toHaveURL(/\/study\/review$/);
    await expect(page.getByRole('heading', { level: 1, name: "Today's review" })).toBeVisible();
    await expect(page.getByText('From Animals')).toBeVisible();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, English side: (dog|cat|bird)\. Press to flip\.$/);
    // Simple grading: the two buttons of study, no intervals.
    await expect(page.getByRole('button', { name: 'Hard' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/review-simple.png', fullPage: true });

    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, Spanish side: el /);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 2 of 3/);
    await page.getByRole('button', { name: 'Not mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Great Job!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['2', '1']);
    await expect(dialog.getByText('Your results are saved.')).toBeVisible();
    // The "again" card comes back after its 1-minute step.
    await expect(dialog.getByText('All done for now! The next cards are ready in 1 minute.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep going' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(sent.map((r) => [r.rating, r.is_correct])).toEqual([
      ['good', true],
      ['again', false],
      ['good', true],
    ]);
    for (const r of sent) expect(Math.abs(Date.parse(r.reviewed_at!) - Date.now())).toBeLessThan(5 * MINUTE);

    await dialog.getByRole('link', { name: 'Go home' }).click();
    await expect(todayPanel(page)).toContainText('All done for now!');
    await expect(todayPanel(page)).toContainText('The next cards are ready in 1 minute.');
    expect(errors).toEqual([]);
  });
});
