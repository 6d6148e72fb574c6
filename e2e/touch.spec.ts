import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Issue 28 (points 1–9): what a parent on a touch tablet, a phone and a family that loses Wi-Fi hit.

const LONG = 'Electroencefalografistamentesupercalifragilistico';

async function seedDeck(page: Page, studentId: number | null, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number; title: string };
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
  }
  return deck;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const language of ['en', 'es'] as const) {
  test.describe(`touch and phone (${language})`, () => {
    test.use({ language });

    test('#3 a card with a long unbroken word does not make the deck page scroll sideways on a phone', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await seedDeck(page, ana.id, 'Words', [
        [LONG, LONG],
        ['dog', 'perro'],
      ]);
      await page.goto(`/deck/${deck.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Words' })).toBeVisible();
      await expect(page.getByText(LONG).first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    });
  });
}
