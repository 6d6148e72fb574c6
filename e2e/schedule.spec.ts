import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// A schedule that fits each child (issue 26), as a parent sees it: how well we predict the child's
// memory on the progress page, and in their learning settings tuning and what each retention costs.

const DAY = 86_400_000;
/** Days after a card's first answer on which it is answered again. */
const OFFSETS = [0, 1, 3, 7, 12, 18, 25];
const CARDS = 80;

/** mulberry32: the same child on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Lea with a deck of CARDS cards answered over the last four weeks (about 560 answers, dated in the
 * past as a tablet sends them after being offline): each card on OFFSETS days after its first, her
 * recall falling with the days since its last answer and rising with the answers remembered.
 */
async function seedLea(page: Page) {
  const lea = await createStudentViaApi(page, 'Lea');
  const deck = await page.request.post('/api/decks', { data: { title: 'Animals', student_id: lea.id } });
  expect(deck.status()).toBe(201);
  const deckId = ((await deck.json()) as { id: number }).id;
  const cardIds: number[] = [];
  for (let k = 0; k < CARDS; k++) {
    const card = await page.request.post('/api/cards', {
      multipart: { deck_id: String(deckId), en: `word ${k}`, es: `palabra ${k}` },
    });
    expect(card.status()).toBe(201);
    cardIds.push(((await card.json()) as { id: number }).id);
  }
  const rand = random(26);
  const start = Date.now() - 28 * DAY;
  const answers: { card_id: number; rating: 'good' | 'again'; is_correct: boolean; reviewed_at: string }[] = [];
  cardIds.forEach((cardId, k) => {
    const first = start + (k % 3) * DAY + (k % 7) * 60_000;
    let streak = 0;
    let last = first;
    for (const offset of OFFSETS) {
      const at = first + offset * DAY;
      const days = (at - last) / DAY;
      const recalled = offset === 0 || rand() < Math.pow(1 + days / (9 * 1.2 * 2 ** streak), -1);
      streak = recalled ? streak + 1 : 0;
      last = at;
      answers.push({
        card_id: cardId,
        rating: recalled ? 'good' : 'again',
        is_correct: recalled,
        reviewed_at: new Date(at).toISOString(),
      });
    }
  });
  answers.sort((a, b) => a.reviewed_at.localeCompare(b.reviewed_at));
  const session = await page.request.post('/api/study-sessions', {
    data: {
      student_id: lea.id,
      deck_id: deckId,
      cards_studied: CARDS,
      cards_mastered: CARDS,
      cards_not_mastered: 0,
      accuracy_percentage: 100,
      study_duration_seconds: 600,
    },
  });
  expect(session.status()).toBe(201);
  for (let i = 0; i < answers.length; i += 200) {
    const saved = await page.request.post('/api/card-performance', {
      data: { student_id: lea.id, card_results: answers.slice(i, i + 200) },
    });
    expect(saved.status()).toBe(201);
  }
  return lea;
}

type Schedule = { tuning: { status: string } | null; calibration: unknown[] };

/** Tunes Lea's schedule through the API and waits for the tuning to end. */
async function tuned(page: Page, studentId: number) {
  const queued = await page.request.post(`/api/students/${studentId}/schedule/tune`);
  expect(queued.status()).toBe(202);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/students/${studentId}/schedule`);
        return ((await res.json()) as Schedule).tuning?.status;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(done|refused|failed)$/);
}

async function expectNoOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

// Real saves, a real tuning in the server's worker thread and axe runs: allow for a busy machine.
test.beforeEach(() => test.slow());

test('a parent sees how well we predict their child, tunes, and sees what each retention costs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  const lea = await seedLea(page);
  await tuned(page, lea.id);

  // The progress page: one plain sentence, the calibration as a chart and as a table.
  await page.goto('/progress');
  const section = page.getByRole('region', { name: "How well we predict Lea's memory" });
  await expect(section).toBeVisible();
  await expect(section.getByText(/When we expect Lea to remember \d+ cards? in 10, they remember about/)).toBeVisible();
  await expect(section.getByText(/Checked on \d+ of Lea's most recent answers/)).toBeVisible();
  const chart = section.getByRole('figure', { name: 'Predicted against what happened' });
  await expect(chart.getByRole('img')).toBeVisible();
  await chart.getByText('Show as a table').click();
  const table = chart.getByRole('table', { name: 'Predicted against what happened' });
  await expect(table.getByRole('columnheader')).toHaveText(['Predicted', 'Remembered', 'Answers']);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);

  // Learning settings: tune to Lea's answers, and the reviews per day each retention costs her.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: /^Manage students$/ }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'Edit Lea' }).click();
  await panel.getByText('Learning settings').click();
  const tune = panel.getByRole('button', { name: "Tune to Lea's answers" });
  await tune.click();
  await expect(panel.getByText(/Tuning…|The last tuning/).first()).toBeVisible();
  await expect(
    panel.getByText(/The last tuning (predicted|did not predict|found too few|could not finish)/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(tune).toBeEnabled();

  const effort = panel.getByRole('figure', { name: 'Reviews per day for each retention' });
  await expect(effort.getByRole('img')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(/At 90 % Lea would review about [\d.]+ cards a day/)).toBeVisible();
  await effort.getByText('Show as a table').click();
  const rows = effort.getByRole('table', { name: 'Reviews per day for each retention' }).getByRole('row');
  await expect(rows).toHaveCount(1 + 18);
  await expect(rows.filter({ hasText: '90 % (chosen)' })).toHaveCount(1);

  // Choosing another retention moves the mark.
  const slider = panel.getByRole('slider', { name: 'How much to remember' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(rows.filter({ hasText: '91 % (chosen)' })).toHaveCount(1);
  await expect(panel.getByText(/At 91 % Lea would review about [\d.]+ cards a day/)).toBeVisible();
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
});
