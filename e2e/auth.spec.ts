import { expect, expectNoAxeViolations, PASSWORD, test, uniqueEmail } from './fixtures';

test.describe('sign-in', () => {
  test('create an account, see the signed-in home, sign out and sign in again', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Rosa Parent');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Decks', exact: true })).toBeVisible();
    const menu = page.getByRole('button', { name: /Account menu for Rosa/ });
    await menu.click();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Decks', exact: true })).toBeVisible();
  });

  test('shows validation messages inline', async ({ page }) => {
    await page.goto('/signin?mode=create');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  });

  test('signs in through a certified OpenID provider (iss on the redirect, profile from userinfo)', async ({
    page,
  }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Test SSO' }).click();
    // The provider's own sign-in and consent pages (oidc-provider's development interactions).
    await page.locator('input[name="login"]').fill('olivia');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Decks', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const menu = page.getByRole('button', { name: /Account menu for Olivia/ });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page.getByText('Signed in as olivia@school.example')).toBeVisible();
  });

  test('a provider that refuses the sign-in shows why, then goes home', async ({ page }) => {
    const start = await page.request.get('/api/oauth/oidc/redirect_url');
    const state = new URL((await start.json()).redirectUrl).searchParams.get('state');
    await page.goto(`/auth/callback?error=access_denied&state=${state}`);
    await expect(page.getByRole('alert')).toContainText('The sign-in provider refused the sign-in');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a callback without a code goes home signed out', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('deep links and unknown pages work', async ({ page }) => {
    const res = await page.goto('/progress');
    expect(res?.status()).toBe(200);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('axe finds no violations on the signed-out home and the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('en español', () => {
  test.use({ language: 'es' });

  test('the welcome and sign-in page are in Spanish and <html lang> follows', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Aprende inglés y español');
    await page.getByRole('link', { name: 'Crear una cuenta' }).click();
    await page.getByLabel('Tu nombre').fill('Lucía');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('es'));
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mazos', exact: true })).toBeVisible();
  });
});
