import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** A deck with cards, made through the API; returns the deck and its card ids. */
async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', {
    data: { title, subtitle: `${title} subtitle`, student_id: studentId },
  });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number; title: string };
  const ids: number[] = [];
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
    ids.push(((await card.json()) as { id: number }).id);
  }
  return { ...deck, cardIds: ids };
}

/** A finished session as the study screen saves it. */
async function saveSession(
  page: Page,
  studentId: number,
  deckId: number,
  results: { card_id: number; is_correct: boolean }[],
  seconds: number,
) {
  const mastered = results.filter((r) => r.is_correct).length;
  const session = await page.request.post('/api/study-sessions', {
    data: {
      student_id: studentId,
      deck_id: deckId,
      cards_studied: results.length,
      cards_mastered: mastered,
      cards_not_mastered: results.length - mastered,
      accuracy_percentage: (mastered / results.length) * 100,
      study_duration_seconds: seconds,
    },
  });
  expect(session.status()).toBe(201);
  const perf = await page.request.post('/api/card-performance', {
    data: { student_id: studentId, card_results: results },
  });
  expect(perf.status()).toBe(201);
}

const tile = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });

/** Ana with sessions on two decks: Animals (50 %, 1 h 1 min) and Colours (100 %, 2 min). */
async function seedProgress(page: Page) {
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const animals = await seedDeck(page, ana.id, 'Animals', [
    ['dog', 'el perro'],
    ['cat', 'el gato'],
  ]);
  const colours = await seedDeck(page, ana.id, 'Colours', [['red', 'rojo']]);
  await saveSession(
    page,
    ana.id,
    animals.id,
    [
      { card_id: animals.cardIds[0]!, is_correct: true },
      { card_id: animals.cardIds[1]!, is_correct: false },
    ],
    3660,
  );
  await saveSession(page, ana.id, colours.id, [{ card_id: colours.cardIds[0]!, is_correct: true }], 120);
  return { ana, animals, colours };
}

// Whole journeys with real saves and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('progress', () => {
  test('shows the tiles, the decks and the cards needing attention', async ({ page }) => {
    const { colours } = await seedProgress(page);
    await page.goto('/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'Progress for Ana' })).toBeVisible();
    await expect(tile(page, 'Decks studied')).toContainText('2');
    await expect(tile(page, 'Study sessions')).toContainText('2');
    await expect(tile(page, 'Overall accuracy')).toContainText('67%');
    await expect(tile(page, 'Total study time')).toContainText('1 hr 3 min');

    const animals = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Animals' }) });
    await expect(animals).toContainText('Animals subtitle');
    await expect(animals).toContainText('50%');
    await expect(animals).toContainText('1 hr 1 min');
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    await expect(animals).toContainText(today);

    const attention = page.getByRole('region', { name: 'Cards needing attention' });
    await expect(attention.getByRole('listitem')).toHaveCount(1);
    await expect(attention.getByRole('listitem')).toContainText('cat → el gato');
    await expect(attention.getByRole('listitem')).toContainText('Deck: Animals');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Actions for Colours' }).click();
    await page.getByRole('menuitem', { name: 'Study' }).click();
    await expect(page).toHaveURL(new RegExp(`/study/${colours.id}$`));
  });

  test("removing one deck's progress keeps the others", async ({ page }) => {
    await seedProgress(page);
    await page.goto('/progress');
    await page.getByRole('button', { name: 'Actions for Animals' }).click();
    await page.getByRole('menuitem', { name: 'Remove deck progress' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove deck progress?' });
    await expect(dialog).toContainText('"Animals"');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remove progress' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Animals' })).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveText('Progress of "Animals" removed.');
    await expect(page.getByRole('heading', { name: 'Colours' })).toBeVisible();
    await expect(tile(page, 'Decks studied')).toContainText('1');
    await expect(tile(page, 'Overall accuracy')).toContainText('100%');
    await expect(page.getByRole('region', { name: 'Cards needing attention' })).toContainText(
      'No card needs extra practice right now.',
    );
  });

  test('nuke progress empties it, after which the menu item is disabled', async ({ page }) => {
    await seedProgress(page);
    await page.goto('/progress');
    await page.getByRole('button', { name: 'Progress options' }).click();
    await page.getByRole('menuitem', { name: 'Nuke progress' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset all progress?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(tile(page, 'Study sessions')).toContainText('2');

    await page.getByRole('button', { name: 'Progress options' }).click();
    await page.getByRole('menuitem', { name: 'Nuke progress' }).click();
    await dialog.getByRole('button', { name: 'Nuke It' }).click();
    await expect(page.getByRole('heading', { name: 'No progress yet' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Progress options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Nuke progress' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Go study' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('asks for a student when there is none', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/progress');
    await expect(page.getByRole('heading', { name: 'No student selected' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await seedProgress(page);
    await page.goto('/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'Progress for Ana' })).toBeVisible();
    await expect(tile(page, 'Total study time')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('progreso en español', () => {
  test.use({ language: 'es' });

  test('muestra el progreso, borra un mazo y lo borra todo', async ({ page }) => {
    await seedProgress(page);
    await page.goto('/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'Progreso de Ana' })).toBeVisible();
    await expect(tile(page, 'Precisión general')).toContainText('67%');
    await expect(tile(page, 'Tiempo total de estudio')).toContainText('1 h 3 min');
    const today = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' }).format(new Date());
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Animals' }) }),
    ).toContainText(today);
    await expect(page.getByRole('region', { name: 'Tarjetas que necesitan atención' })).toContainText('cat → el gato');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Acciones para Animals' }).click();
    await page.getByRole('menuitem', { name: 'Borrar el progreso del mazo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar progreso' }).click();
    await expect(page.getByRole('heading', { name: 'Animals' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Opciones de progreso' }).click();
    await page.getByRole('menuitem', { name: 'Borrar todo el progreso' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrarlo todo' }).click();
    await expect(page.getByRole('heading', { name: 'Todavía no hay progreso' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir a estudiar' })).toBeVisible();
  });
});
