import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, PASSWORD, signUpViaApi, test } from './fixtures';

const openSettings = async (page: Page, item = /^(Settings|Ajustes)$/) => {
  await page.getByRole('button', { name: /Account menu for|Menú de la cuenta de/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog');
};

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('settings', () => {
  test('downloads everything the family owns as one JSON file', async ({ page }) => {
    const { email } = await signUpViaApi(page);
    await page.request.post('/api/students', { data: { name: 'Nico', native_language: 'Español' } });
    await page.goto('/');
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^General/ }).click();
    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^flashcards-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), 'utf8'));
    expect(data.user.email).toBe(email);
    expect(data.students.map((s: { name: string }) => s.name)).toEqual(['Nico']);
  });

  test('switching the language changes the whole interface and survives a reload', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    const panel = await openSettings(page);
    await expect(panel.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await panel.getByRole('button', { name: /^Language/ }).click();
    await expect(panel.getByRole('heading', { name: 'Language' })).toBeFocused();
    await expect(panel.getByRole('radio', { name: 'English' })).toBeChecked();
    await panel.getByRole('radio', { name: 'Español' }).check();

    // Applied at once, everywhere.
    await expect(panel.getByRole('heading', { name: 'Ajustes' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Idioma' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await panel.getByRole('button', { name: 'Volver a ajustes' }).click();
    await expect(panel.getByRole('button', { name: /^Tema/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: /Menú de la cuenta de/ })).toBeVisible();
  });

  test('a theme change sets the colour variables and survives a reload', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    expect(await cssVar(page, '--color-primary')).toBe('#2f5bd3');
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^Theme/ }).click();
    const update = panel.getByRole('button', { name: 'Update theme' });
    await expect(panel.getByRole('radio', { name: 'Classic' })).toBeChecked();
    await expect(update).toBeDisabled();
    await panel.getByRole('radio', { name: 'Ocean Breeze' }).check();
    await expect(update).toBeEnabled();
    await panel.getByRole('radio', { name: 'Classic' }).check();
    await expect(update).toBeDisabled();
    await panel.getByRole('radio', { name: 'Royal Purple' }).check();
    await update.click();
    // The 500 ms "Saving..." state is checked with a fake clock in theme-settings.test.tsx; a
    // browser on a busy machine can miss so short a window, so here only its outcome is checked.
    await expect(panel.getByRole('status')).toHaveText('Theme changed to Royal Purple.');
    await expect(update).toBeDisabled();
    expect(await cssVar(page, '--color-primary')).toBe('#5b2d9e');
    expect(await cssVar(page, '--color-background')).toBe('#f7f4fc');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('royal');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    expect(await cssVar(page, '--color-primary')).toBe('#5b2d9e');
    await openSettings(page);
    await panel.getByRole('button', { name: /^Theme/ }).click();
    await expect(panel.getByRole('radio', { name: 'Royal Purple' })).toBeChecked();
  });

  test('general: restart onboarding and start the tour', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/progress');
    let panel = await openSettings(page);
    await panel.getByRole('button', { name: /^General/ }).click();
    await panel.getByRole('button', { name: 'Restart onboarding' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();

    // Start tour sets the flag, and loads the home page afresh.
    await page.goto('/progress');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    panel = await openSettings(page);
    await panel.getByRole('button', { name: /^General/ }).click();
    await panel.getByRole('button', { name: 'Start tour' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });

  test('delete the account: confirmation, signed out, and signing in again fails', async ({ page }) => {
    const { email } = await signUpViaApi(page);
    expect((await page.request.post('/api/students', { data: { name: 'Ana' } })).status()).toBe(201);
    await page.goto('/');
    await expect(page.locator('header').getByText('Ana')).toBeVisible();
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^General/ }).click();
    await panel.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    await expect(confirm).toContainText('This removes all your decks, cards and students');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await panel.getByRole('button', { name: 'Delete account' }).click();
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBeNull();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  });

  test('axe finds no violations in the settings panel and its sub-pages', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    const panel = await openSettings(page);
    await expect(panel.getByRole('button', { name: /^General/ })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const [sub, ready] of [
      ['Language', 'English'],
      ['Theme', 'Classic'],
    ] as const) {
      await panel.getByRole('button', { name: new RegExp(`^${sub}`) }).click();
      await expect(panel.getByRole('radio', { name: ready })).toBeVisible();
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: 'Back to settings' }).click();
    }
    await panel.getByRole('button', { name: /^General/ }).click();
    await panel.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('ajustes en español', () => {
  test.use({ language: 'es' });

  test('cambiar a inglés y a un tema, y todo se conserva al recargar', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^Tema/ }).click();
    await expect(panel.getByRole('button', { name: 'Actualizar tema' })).toBeDisabled();
    await panel.getByRole('radio', { name: 'Atardecer' }).check();
    await panel.getByRole('button', { name: 'Actualizar tema' }).click();
    await expect(panel.getByRole('status')).toHaveText('Tema cambiado a Atardecer.');
    expect(await cssVar(page, '--color-primary')).toBe('#b4461b');

    await panel.getByRole('button', { name: 'Volver a ajustes' }).click();
    await panel.getByRole('button', { name: /^Idioma/ }).click();
    await expect(panel.getByRole('radio', { name: 'Español' })).toBeChecked();
    await panel.getByRole('radio', { name: 'English' }).check();
    await expect(panel.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await cssVar(page, '--color-primary')).toBe('#b4461b');
  });

  test('eliminar la cuenta', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^General/ }).click();
    await panel.getByRole('button', { name: 'Eliminar cuenta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar cuenta' });
    await expect(confirm).toContainText('Se eliminarán todos tus mazos, tarjetas y estudiantes');
    await confirm.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(page.getByRole('link', { name: /Sign in|Iniciar sesión/ })).toBeVisible();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });
});
