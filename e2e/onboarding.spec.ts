import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

test.use({ skipIntro: false });

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
const flag = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const studentsOf = async (page: Page) =>
  (await (await page.request.get('/api/students')).json()) as { name: string; age: number | null }[];

/** The step's heading is focused on arrival, and the progress text says where we are. */
async function expectStep(page: Page, heading: string, progress: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await expect(page.getByText(progress, { exact: true })).toBeVisible();
}

test.describe('onboarding', () => {
  test('visitors are sent home', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('every step, with the back arrows, a student and a theme', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expectStep(page, 'Choose your language', 'Step 1 of 4');
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 'Add a student', 'Step 2 of 4');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 'Choose your language', 'Step 1 of 4');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Add student' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await page.getByLabel("Student's name").fill('Mia');
    await page.getByLabel('Age (optional)').fill('6');
    await page.getByRole('button', { name: 'Add student' }).click();

    await expectStep(page, 'Pick a theme', 'Step 3 of 4');
    expect(await studentsOf(page)).toMatchObject([{ name: 'Mia', age: 6 }]);
    await expect(page.locator('header').getByText('Mia')).toBeVisible();
    // Back to the student step: the student is not made twice.
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 'Add a student', 'Step 2 of 4');
    await expect(page.getByText('Mia has been added')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 'Pick a theme', 'Step 3 of 4');
    await page.getByRole('radio', { name: 'Ocean Breeze' }).check();
    await page.getByRole('button', { name: 'Use this theme' }).click();

    await expectStep(page, "You're all set!", 'Step 4 of 4');
    await expect(page.locator('[data-confetti]')).toBeAttached();
    expect(await cssVar(page, '--color-primary')).toBe('#0b6a8a');
    expect(await flag(page, 'onboardingCompleted')).toBeNull();
    await page.getByRole('button', { name: 'Get started' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    expect(await flag(page, 'onboardingCompleted')).toBe('true');
    expect(await studentsOf(page)).toHaveLength(1);
    expect(await flag(page, 'theme')).toBe('ocean');
  });

  test('skipping the student and the theme; no confetti the second time', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/onboarding');
    await expectStep(page, 'Choose your language', 'Step 1 of 4');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'Add a student', 'Step 2 of 4');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Pick a theme', 'Step 3 of 4');
    await page.getByRole('radio', { name: 'Monochrome' }).check();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, "You're all set!", 'Step 4 of 4');
    await expect(page.locator('[data-confetti]')).toBeAttached();
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    expect(await studentsOf(page)).toEqual([]);
    expect(await cssVar(page, '--color-primary')).toBe('#2f5bd3');

    // Onboarding again (settings → restart): same steps, no confetti this time.
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, "You're all set!", 'Step 4 of 4');
    await expect(page.locator('[data-confetti]')).toHaveCount(0);
  });

  test('choosing Spanish in the first step turns the whole onboarding Spanish', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/onboarding');
    await page.getByRole('radio', { name: 'Español' }).check();
    await expect(page.getByRole('heading', { level: 1, name: 'Elige tu idioma' })).toBeVisible();
    await expect(page.getByText('Paso 1 de 4', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Añade un estudiante', 'Paso 2 de 4');
  });

  test('axe finds no violations on each step (with reduced motion: no confetti)', async ({ page }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpViaApi(page);
    await page.goto('/onboarding');
    await expectStep(page, 'Choose your language', 'Step 1 of 4');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'Add a student', 'Step 2 of 4');
    await page.getByRole('button', { name: 'Add student' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Pick a theme', 'Step 3 of 4');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, "You're all set!", 'Step 4 of 4');
    await expect(page.locator('[data-confetti]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('bienvenida en español', () => {
  test.use({ language: 'es' });

  test('todos los pasos en español, con las flechas atrás', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expectStep(page, 'Elige tu idioma', 'Paso 1 de 4');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Añade un estudiante', 'Paso 2 de 4');
    await page.getByLabel('Nombre del estudiante').fill('Lucía');
    await page.getByRole('button', { name: 'Añadir estudiante' }).click();
    await expectStep(page, 'Elige un tema', 'Paso 3 de 4');
    await page.getByRole('button', { name: 'Atrás' }).click();
    await expectStep(page, 'Añade un estudiante', 'Paso 2 de 4');
    await page.getByRole('button', { name: 'Atrás' }).click();
    await expectStep(page, 'Elige tu idioma', 'Paso 1 de 4');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Elige un tema', 'Paso 3 de 4');
    await page.getByRole('radio', { name: 'Púrpura real' }).check();
    await page.getByRole('button', { name: 'Usar este tema' }).click();
    await expectStep(page, '¡Todo listo!', 'Paso 4 de 4');
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();
    expect(await studentsOf(page)).toMatchObject([{ name: 'Lucía' }]);
    expect(await cssVar(page, '--color-primary')).toBe('#5b2d9e');
  });

  test('omitir el estudiante y el tema', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Omitir' }).click();
    await expectStep(page, 'Elige un tema', 'Paso 3 de 4');
    await page.getByRole('button', { name: 'Omitir' }).click();
    await expectStep(page, '¡Todo listo!', 'Paso 4 de 4');
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();
    expect(await flag(page, 'onboardingCompleted')).toBe('true');
  });
});
