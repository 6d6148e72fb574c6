import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// The board is shared by every user: run this file's tests one after another so that each
// knows which bugs are the newest.
test.describe.configure({ mode: 'default' });

const ADMIN_PASSWORD = 'e2e-admin-password';
let seq = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${++seq}`;

async function reportViaApi(page: Page, title: string, description = 'Steps to reproduce') {
  const res = await page.request.post('/api/bugs', { data: { title, description } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}
const closeViaApi = (page: Page, id: number) =>
  page.request.delete(`/api/bugs/${id}`, { data: { password: ADMIN_PASSWORD } });

const bugCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('bug board', () => {
  test('visitors see that sign-in is required', async ({ page }) => {
    await page.goto('/bugs');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('report a bug, vote, unvote, and close it (wrong password first)', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Report bug' }).click();
    await expect(page).toHaveURL(/\/bugs$/);
    await expect(page.getByRole('heading', { name: 'Bug board', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Report bug' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    const submit = dialog.getByRole('button', { name: 'Submit report' });
    await expect(dialog.getByText('1000 characters remaining')).toBeVisible();
    await expect(dialog.getByText('100 characters remaining')).toBeVisible();
    await expect(submit).toBeDisabled();
    const title = uniqueTitle('Audio stops');
    await dialog.getByLabel('Title').fill(title);
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Description').fill('   ');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Description').fill('The speaker button goes quiet.');
    await expect(dialog.getByText('970 characters remaining')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('maxlength', '100');
    await expect(dialog.getByLabel('Description')).toHaveAttribute('maxlength', '1000');
    await submit.click();
    await expect(dialog).toBeHidden();

    const card = bugCard(page, title);
    await expect(card).toContainText('The speaker button goes quiet.');
    await expect(card).toContainText(/Reported \w{3} \d{1,2}, \d{4}/);
    const vote = card.getByRole('button', { name: /^Vote for/ });
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toHaveText('0');
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toHaveText('1');
    await expect(vote).toHaveAccessibleName(`Vote for "${title}", 1 vote`);
    await page.reload();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toHaveText('0');

    await card.getByRole('button', { name: `Actions for "${title}"` }).click();
    await page.getByRole('menuitem', { name: 'Close Bug' }).click();
    const close = page.getByRole('dialog', { name: 'Close Bug' });
    await expect(close).toContainText(title);
    await expect(close.getByRole('button', { name: 'Close Bug' })).toBeDisabled();
    await close.getByLabel('Password').fill('not the password');
    await close.getByRole('button', { name: 'Close Bug' }).click();
    await expect(close.getByRole('alert')).toHaveText('Incorrect password');
    await close.getByLabel('Password').fill(ADMIN_PASSWORD);
    await close.getByRole('button', { name: 'Close Bug' }).click();
    await expect(close).toBeHidden();
    await expect(bugCard(page, title)).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText(`"${title}" was closed.`);
  });

  test('three bugs per page, newest first, with previous and next', async ({ page }) => {
    await signUpViaApi(page);
    const titles = [1, 2, 3, 4].map((n) => uniqueTitle(`Paging ${n}`));
    const ids: number[] = [];
    for (const title of titles) ids.push((await reportViaApi(page, title)).id);
    const total = ((await (await page.request.get('/api/bugs')).json()) as unknown[]).length;
    const pages = Math.ceil(total / 3);
    try {
      await page.goto('/bugs');
      const list = page.getByRole('main').getByRole('listitem');
      await expect(list).toHaveCount(3);
      await expect(list.getByRole('heading')).toHaveText([titles[3]!, titles[2]!, titles[1]!]);
      await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
      await expect(list.first().getByRole('heading')).toHaveText(titles[0]!);
      await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    } finally {
      for (const id of ids) await closeViaApi(page, id);
    }
  });

  test('errors: report failure texts, and a rate-limited close', async ({ page }) => {
    await signUpViaApi(page);
    const title = uniqueTitle('Errors');
    const { id } = await reportViaApi(page, title);
    try {
      await page.goto('/bugs');
      await page.route('/api/bugs', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'oops' }) : route.fallback(),
      );
      await page.getByRole('button', { name: 'Report bug' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Report a bug' });
      await dialog.getByLabel('Title').fill('Something');
      await dialog.getByLabel('Description').fill('Something else');
      await dialog.getByRole('button', { name: 'Submit report' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Failed to submit bug report');

      await page.unroute('/api/bugs');
      await page.route('/api/bugs', (route) =>
        route.fulfill({ status: 400, json: { error: 'Reports are paused for maintenance', code: 'paused' } }),
      );
      await dialog.getByRole('button', { name: 'Submit report' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Reports are paused for maintenance');
      await page.keyboard.press('Escape');

      await page.route(`/api/bugs/${id}`, (route) =>
        route.fulfill({
          status: 429,
          json: { error: 'Too many attempts. Try again in 60 seconds.', code: 'rate_limited' },
        }),
      );
      await bugCard(page, title)
        .getByRole('button', { name: /^Actions for/ })
        .click();
      await page.getByRole('menuitem', { name: 'Close Bug' }).click();
      const close = page.getByRole('dialog', { name: 'Close Bug' });
      await close.getByLabel('Password').fill('anything');
      await close.getByRole('button', { name: 'Close Bug' }).click();
      await expect(close.getByRole('alert')).toHaveText('Too many attempts. Please wait a moment and try again.');
    } finally {
      await closeViaApi(page, id);
    }
  });

  test('a report that cannot reach the server says so, and a retry files it once', async ({ page, context }) => {
    await signUpViaApi(page);
    await page.goto('/bugs');
    await page.getByRole('button', { name: 'Report bug' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    const title = uniqueTitle('Offline report');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Written on the bus.');
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to submit bug report');
    await expect(dialog.getByRole('button', { name: 'Submit report' })).toBeEnabled();
    await context.setOffline(false);

    // The next attempt reaches the server but its answer is lost on the way back.
    await page.route('/api/bugs', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to submit bug report');
    await page.unroute('/api/bugs');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(dialog).toBeHidden();
    await expect(bugCard(page, title)).toHaveCount(1);
    const all = (await (await page.request.get('/api/bugs')).json()) as { id: number; title: string }[];
    const filed = all.filter((b) => b.title === title);
    expect(filed).toHaveLength(1);
    await closeViaApi(page, filed[0]!.id);
  });

  test('axe finds no violations on the board and in the report dialog', async ({ page }) => {
    await signUpViaApi(page);
    const { id } = await reportViaApi(page, uniqueTitle('Axe'));
    try {
      await page.goto('/bugs');
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Report bug' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Report a bug' })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await closeViaApi(page, id);
    }
  });
});

test.describe('tablón de errores en español', () => {
  test.use({ language: 'es' });

  test('informar, votar, quitar el voto y cerrar un error', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/bugs');
    await expect(page.getByRole('heading', { name: 'Tablón de errores', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Informar de un error' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Informar de un error' });
    await expect(dialog.getByText('Quedan 1000 caracteres')).toBeVisible();
    const title = uniqueTitle('La tarjeta no gira');
    await dialog.getByLabel('Título').fill(title);
    await dialog.getByLabel('Descripción').fill('Al tocarla no pasa nada.');
    await dialog.getByRole('button', { name: 'Enviar informe' }).click();
    await expect(dialog).toBeHidden();

    const card = bugCard(page, title);
    await expect(card).toContainText(/Informado el \d{1,2} \w+ \d{4}/);
    const vote = card.getByRole('button', { name: /^Votar por/ });
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toHaveAccessibleName(`Votar por «${title}», 1 voto`);
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toHaveText('0');

    await card.getByRole('button', { name: `Acciones de «${title}»` }).click();
    await page.getByRole('menuitem', { name: 'Cerrar error' }).click();
    const close = page.getByRole('dialog', { name: 'Cerrar error' });
    await close.getByLabel('Contraseña').fill('incorrecta');
    await close.getByRole('button', { name: 'Cerrar error' }).click();
    await expect(close.getByRole('alert')).toHaveText('Contraseña incorrecta');
    await close.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await close.getByRole('button', { name: 'Cerrar error' }).click();
    await expect(bugCard(page, title)).toHaveCount(0);
  });
});
