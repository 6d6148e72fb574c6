import type { Page } from '@playwright/test';
import {
  createDeckViaApi,
  createStudentViaApi,
  expect,
  expectNoAxeViolations,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const PIN = '2468';
const PHONE = { width: 390, height: 844 };

async function family(page: Page) {
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana');
  const leo = await createStudentViaApi(page, 'Leo');
  const animals = await createDeckViaApi(page, ana.id, 'Animals', [
    ['dog', 'el perro'],
    ['cat', 'el gato'],
    ['bird', 'el pájaro'],
  ]);
  const leoDeck = await createDeckViaApi(page, leo.id, 'Leo only', [['sun', 'el sol']]);
  await page.goto('/');
  await page.evaluate((id) => localStorage.setItem('currentStudentId', String(id)), ana.id);
  return { ana, leo, animals, leoDeck };
}

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });

// Whole journeys with axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('child mode', () => {
  test('a parent sets a PIN and locks the device; the child studies and cannot get out without it', async ({
    page,
  }) => {
    const { leo, leoDeck } = await family(page);
    // The child's screens ask the server only for what child mode allows.
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403 && res.url().includes('/api/')) refused.push(res.url());
    });
    await page.reload();

    // Settings → Child mode: a PIN of the wrong shape is refused in words, a good one is saved.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: /^Child mode/ }).click();
    const turnOn = settings.getByRole('button', { name: 'Turn on child mode for Ana on this device' });
    await expect(turnOn).toBeDisabled();
    await settings.getByLabel('New PIN').fill('12');
    await settings.getByRole('button', { name: 'Set PIN' }).click();
    await expect(settings.getByText('Use 4 to 8 digits.')).toBeVisible();
    await settings.getByLabel('New PIN').fill(PIN);
    await settings.getByRole('button', { name: 'Set PIN' }).click();
    await expect(settings.getByRole('status')).toHaveText('PIN saved.');
    await expect(settings.getByLabel('Current PIN')).toBeVisible();
    await expectNoAxeViolations(page);
    await turnOn.click();

    // The locked home: Ana's decks and today, no account menu, no student switching.
    await expect(settings).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Animals/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Leo only/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Leave child mode' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Typed addresses, a reload and the back button all stay on the child's pages.
    for (const path of ['/settings', '/bugs', `/deck/${leoDeck.id}`, '/progress/all', '/onboarding']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);

    // The server refuses the locked actions from this session whatever the page shows.
    for (const res of [
      await page.request.get('/api/bugs'),
      await page.request.get('/api/logout'),
      await page.request.get(`/api/progress/${leo.id}`),
      await page.request.delete(`/api/students/${leo.id}`),
    ]) {
      expect(res.status()).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('child_mode');
    }

    // Study works, and progress shows it without the menus that delete progress.
    await page.getByRole('link', { name: /Animals/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
    for (let i = 1; i <= 3; i++) {
      await expect(studyCard(page)).toHaveAccessibleName(new RegExp(`^Card ${i} of 3`));
      await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    }
    const done = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(done.getByRole('status')).toHaveText('Your results are saved.');
    await done.getByRole('link', { name: 'See progress' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Progress for Ana' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Animals' })).toContainText('100%');
    await expect(page.getByRole('button', { name: /progress options|Progress menu/i })).toHaveCount(0);
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);

    // Only Leo's deck, which the page asks for at boot when its address is typed, before it goes home.
    expect(refused.filter((url) => !url.endsWith(`/api/decks/${leoDeck.id}`))).toEqual([]);

    // Leaving asks for the PIN: a wrong one is refused, the right one unlocks.
    await page.goto('/');
    await page.getByRole('button', { name: 'Leave child mode' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave child mode' });
    await expect(leave.getByLabel('Parent PIN')).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    await expect(leave.getByRole('alert')).toHaveText('That PIN is not right.');
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
    await leave.getByLabel('Parent PIN').fill(PIN);
    await leave.getByRole('button', { name: 'Unlock' }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    expect((await page.request.get('/api/bugs')).status()).toBe(200);
  });

  test('a tablet locked by an adult since removed from the family says to sign out, and signs out', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The family's holder, on a device of their own.
    const holderContext = await browser.newContext({ baseURL });
    const holder = holderContext.request;
    const signUp = await holder.post('/api/auth/local/signup', {
      data: { email: uniqueEmail('holder'), password: PASSWORD, name: 'Hol' },
    });
    expect(signUp.status()).toBe(201);
    const ana = (await (await holder.post('/api/students', { data: { name: 'Ana' } })).json()) as { id: number };
    expect((await holder.put('/api/child-mode/pin', { data: { pin: PIN } })).status()).toBe(200);
    const { code } = (await (await holder.post('/api/family/invites')).json()) as { code: string };

    // A second adult joins, locks this tablet for Ana, and is then removed from the family.
    await signUpViaApi(page);
    expect((await page.request.post('/api/family/join', { data: { code } })).status()).toBe(200);
    const me = (await (await page.request.get('/api/users/me')).json()) as { id: number };
    expect((await page.request.post('/api/child-mode', { data: { student_id: ana.id } })).status()).toBe(200);
    expect((await holder.delete(`/api/family/members/${me.id}`)).status()).toBe(200);
    await holderContext.close();

    await page.goto('/');
    await page.getByRole('button', { name: 'Leave child mode' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave child mode' });
    await leave.getByLabel('Parent PIN').fill(PIN);
    await leave.getByRole('button', { name: 'Unlock' }).click();
    await expect(leave.getByRole('alert')).toHaveText(
      'This device was locked for a family you are no longer in, so its PIN cannot unlock it here. Sign out, then sign in again with your own account.',
    );
    await expectNoAxeViolations(page);
    // The interface signs out at once and tells the server alongside (lib/auth.tsx): the server is
    // asked only once the page's sign-out request has been answered, not as soon as the button goes.
    const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout');
    await leave.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Leave child mode' })).toHaveCount(0);
    await signedOut;
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });

  test.describe('in Spanish, on a phone', () => {
    test.use({ language: 'es', viewport: PHONE });

    test('the locked home and the PIN dialog speak Spanish and fit the screen', async ({ page }) => {
      const { ana } = await family(page);
      expect((await page.request.put('/api/child-mode/pin', { data: { pin: PIN } })).status()).toBe(200);
      expect((await page.request.post('/api/child-mode', { data: { student_id: ana.id } })).status()).toBe(200);
      await page.goto('/bugs');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: '¡Hola, Ana!' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Mi progreso' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Salir del modo infantil' }).click();
      const leave = page.getByRole('dialog', { name: 'Salir del modo infantil' });
      await leave.getByLabel('PIN de padres').fill('12');
      await leave.getByRole('button', { name: 'Desbloquear' }).click();
      await expect(leave.getByText('Usa de 4 a 8 dígitos.')).toBeVisible();
      await leave.getByLabel('PIN de padres').fill('9999');
      await leave.getByRole('button', { name: 'Desbloquear' }).click();
      await expect(leave.getByRole('alert')).toHaveText('Ese PIN no es correcto.');
      await expectNoAxeViolations(page);
      await leave.getByLabel('PIN de padres').fill(PIN);
      await leave.getByRole('button', { name: 'Desbloquear' }).click();
      await expect(leave).toBeHidden();
      await expect(page.getByRole('button', { name: /^Menú de la cuenta/ })).toBeVisible();
    });
  });
});
