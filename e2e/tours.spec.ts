import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Tours are on: the fixture does not mark them done; onboarding is marked done here.
test.use({ skipIntro: false });

async function onboarded(page: Page, extra: Record<string, string> = {}) {
  await page.addInitScript((flags) => {
    if (sessionStorage.getItem('e2e-tours')) return;
    sessionStorage.setItem('e2e-tours', '1');
    localStorage.setItem('onboardingCompleted', 'true');
    for (const [k, v] of Object.entries(flags)) localStorage.setItem(k, v);
  }, extra);
}

async function seedDeck(page: Page) {
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const res = await page.request.post('/api/decks', { data: { title: 'Animals', student_id: ana.id } });
  const deck = (await res.json()) as { id: number };
  for (const [en, es] of [
    ['dog', 'el perro'],
    ['cat', 'el gato'],
  ]) {
    await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en: en!, es: es! } });
  }
  return deck;
}

const flag = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The tooltip lies inside the viewport with at least the 10 px margin. */
async function expectInsideViewport(page: Page, tooltip: ReturnType<Page['getByRole']>) {
  const box = (await tooltip.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(10 - 0.5);
  expect(box.y).toBeGreaterThanOrEqual(10 - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width - 10 + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height - 10 + 0.5);
}

// Whole journeys with real saves and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('home tour', () => {
  test('steps forwards and backwards, finishes and is not shown again', async ({ page }) => {
    await onboarded(page);
    await signUpViaApi(page, 'Rosa');
    await page.goto('/');
    const tour = page.getByRole('dialog', { name: 'Product tour' });
    await expect(tour).toContainText('Step 1 of 4');
    await expect(tour).toHaveAttribute('aria-modal', 'false');
    await expect(tour).toBeFocused();
    await expectInsideViewport(page, tour);
    await expectNoAxeViolations(page);

    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText('Step 2 of 4');
    await tour.getByRole('button', { name: 'Previous' }).click();
    await expect(tour).toContainText('Step 1 of 4');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    // The games, with a picture of their screen (named for a screen reader) that has loaded.
    await expect(tour).toContainText('Step 3 of 4');
    await expect(tour.getByRole('heading')).toHaveText('Games to learn by playing');
    const picture = tour.getByRole('img', { name: /^The games screen: Listen and pick, Picture or word, Match/ });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await expectInsideViewport(page, tour);
    await expectNoAxeViolations(page);
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText('Step 4 of 4');
    await expect(tour).toContainText('Your account menu');
    // Points at the user menu, which gets the highlight ring.
    await expect(page.locator('[data-tour-ring]')).toBeVisible();
    await expectInsideViewport(page, tour);
    await tour.getByRole('button', { name: 'Finish' }).click();
    await expect(tour).toBeHidden();
    expect(await flag(page, 'productTourCompleted')).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
    await expect(tour).toHaveCount(0);
  });

  test('skip and Escape close it for good', async ({ page }) => {
    await onboarded(page);
    await signUpViaApi(page);
    await page.goto('/');
    const tour = page.getByRole('dialog', { name: 'Product tour' });
    await tour.getByRole('button', { name: 'Skip tour' }).click();
    await expect(tour).toBeHidden();
    expect(await flag(page, 'productTourCompleted')).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
    await expect(tour).toHaveCount(0);

    // Asked for again from the settings: shown once, the request is cleared.
    await page.evaluate(() => localStorage.setItem('showProductTour', 'true'));
    await page.reload();
    await expect(tour).toBeVisible();
    expect(await flag(page, 'showProductTour')).toBeNull();
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
  });

  test('is not shown before onboarding is completed', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('dialog', { name: 'Product tour' })).toHaveCount(0);
  });

  test('fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await onboarded(page);
    await signUpViaApi(page);
    await page.goto('/');
    const tour = page.getByRole('dialog', { name: 'Product tour' });
    for (let step = 1; step <= 4; step++) {
      await expect(tour).toContainText(`Step ${step} of 4`);
      if (step === 3) await expect(tour.getByRole('img')).toBeVisible();
      await expectInsideViewport(page, tour);
      if (step < 4) await tour.getByRole('button', { name: 'Next' }).click();
    }
  });
});

test.describe('study tour', () => {
  test('opens on the first study, walks the five steps, and comes back from the menu', async ({ page }) => {
    await onboarded(page, { productTourCompleted: 'true' });
    await signUpViaApi(page);
    const deck = await seedDeck(page);
    await page.goto(`/study/${deck.id}`);
    const tour = page.getByRole('dialog', { name: 'Study tour' });
    await expect(tour).toContainText('Step 1 of 5');
    await expect(tour).toBeFocused();
    const titles = ['The flashcard', 'Listen', 'Mastered', 'Skip'];
    for (let step = 2; step <= 5; step++) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await expect(tour).toContainText(`Step ${step} of 5`);
      await expect(tour.getByRole('heading')).toHaveText(titles[step - 2]!);
      await expect(page.locator('[data-tour-ring]')).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await tour.getByRole('button', { name: 'Previous' }).click();
    await expect(tour).toContainText('Step 4 of 5');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Finish' }).click();
    await expect(tour).toBeHidden();
    expect(await flag(page, 'studyTourCompleted')).toBe('true');

    await page.reload();
    await expect(page.getByRole('button', { name: /^Card 1 of 2/ })).toBeVisible();
    await expect(tour).toHaveCount(0);

    await page.getByRole('button', { name: 'Study options' }).click();
    await page.getByRole('menuitem', { name: 'Show tour' }).click();
    await expect(tour).toContainText('Step 1 of 5');
    await expect(tour).toBeFocused();
    await tour.getByRole('button', { name: 'Skip tour' }).click();
    await expect(tour).toBeHidden();
  });

  test('works at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await onboarded(page, { productTourCompleted: 'true' });
    await signUpViaApi(page);
    const deck = await seedDeck(page);
    await page.goto(`/study/${deck.id}`);
    const tour = page.getByRole('dialog', { name: 'Study tour' });
    for (let step = 1; step <= 5; step++) {
      await expect(tour).toContainText(`Step ${step} of 5`);
      await expectInsideViewport(page, tour);
      await tour.getByRole('button', { name: step < 5 ? 'Next' : 'Finish' }).click();
    }
    await expect(tour).toBeHidden();
  });
});

test.describe('recorridos en español', () => {
  test.use({ language: 'es' });

  test('el recorrido de inicio y el de estudio', async ({ page }) => {
    await onboarded(page);
    await signUpViaApi(page);
    const deck = await seedDeck(page);
    await page.goto('/');
    const home = page.getByRole('dialog', { name: 'Recorrido por la aplicación' });
    await expect(home).toContainText('Paso 1 de 4');
    await home.getByRole('button', { name: 'Siguiente' }).click();
    await expect(home).toContainText('Paso 2 de 4');
    await home.getByRole('button', { name: 'Siguiente' }).click();
    await expect(home.getByRole('heading')).toHaveText('Juegos para aprender jugando');
    await expect(home.getByRole('img', { name: /^La pantalla de juegos: Escucha y elige/ })).toBeVisible();
    await home.getByRole('button', { name: 'Anterior' }).click();
    await home.getByRole('button', { name: 'Anterior' }).click();
    await expect(home).toContainText('Paso 1 de 4');
    await home.getByRole('button', { name: 'Omitir recorrido' }).click();
    await expect(home).toBeHidden();

    await page.goto(`/study/${deck.id}`);
    const study = page.getByRole('dialog', { name: 'Recorrido de estudio' });
    await expect(study).toContainText('Paso 1 de 5');
    await expectNoAxeViolations(page);
    await study.getByRole('button', { name: 'Siguiente' }).click();
    await expect(study.getByRole('heading')).toHaveText('La tarjeta');
    await page.keyboard.press('Escape');
    await expect(study).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Tarjeta 1 de 2/ })).toBeVisible();
    await expect(study).toHaveCount(0);
  });
});
