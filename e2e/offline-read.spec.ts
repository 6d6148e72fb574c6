import type { Page } from '@playwright/test';
import type { Progress } from '../src/shared/schemas/progress';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// A device that was signed in keeps working offline: it stays signed in, lists the decks kept on
// it (studied lately or marked "Keep on this device"), opens and studies them with their
// pictures, and runs today's review computed on the device; what needs the server is disabled.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
  'base64',
);

async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][], picture = false) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  for (const [en, es] of cards) {
    const multipart = {
      deck_id: String(deck.id),
      en,
      es,
      ...(picture ? { front_image: { name: `${en}.png`, mimeType: 'image/png', buffer: PNG } } : {}),
    };
    expect((await page.request.post('/api/cards', { multipart })).status()).toBe(201);
  }
  return deck.id;
}

/** The deck ids this device keeps for the student (lib/offline-store.ts), read from IndexedDB. */
const keptDecks = (page: Page, studentId: number) =>
  page.evaluate(
    (key) =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('flashcards-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve([]);
          const get = db.transaction('kept').objectStore('kept').get(key);
          get.onsuccess = () => resolve(((get.result as { value?: number[] } | undefined)?.value ?? []).sort());
          get.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
    `offline-decks:${studentId}`,
  );

/** Every picture in the page's main content has loaded (none broken). */
async function expectPicturesLoaded(page: Page) {
  const pictures = page.locator('main img');
  await expect(pictures.first()).toBeVisible();
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });
const mastered = (page: Page) => page.getByRole('button', { name: 'Mastered', exact: true });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline." });

async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

// Whole journeys with saves, reloads and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test('offline, a signed-in device stays signed in, lists its kept decks, studies them with pictures and reviews', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    localStorage.setItem('studyTourCompleted', 'true');
  });
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const animals = await seedDeck(
    page,
    ana.id,
    'Animals',
    [
      ['dog', 'el perro'],
      ['cat', 'el gato'],
    ],
    true,
  );
  const colors = await seedDeck(page, ana.id, 'Colors', [
    ['red', 'rojo'],
    ['blue', 'azul'],
  ]);
  await seedDeck(page, ana.id, 'Numbers', [['one', 'uno']]);

  // Online: study Animals (studied today, so kept), mark Colors "Keep on this device".
  await page.goto(`/study/${animals}`);
  await expect(studyCard(page)).toBeVisible();
  await controlledBySw(page);
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByRole('dialog').getByText('Your results are saved.')).toBeVisible();
  await page.goto(`/deck/${colors}`);
  await page.getByRole('button', { name: /^Actions for Colors/ }).click();
  await page.getByRole('menuitem', { name: 'Keep on this device' }).click();
  await expect(page.getByText('“Colors” will be kept on this device for offline study.')).toBeVisible();
  await expect.poll(() => keptDecks(page, ana.id)).toEqual([animals, colors].sort());

  // Offline, reopened: still signed in, the kept decks listed, the banner says what works.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await expect(banner(page)).toContainText('wait for the connection');
  await expect(page.getByRole('link', { name: 'Animals', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Colors', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Numbers', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  const settings = page.getByRole('menuitem', { name: 'Settings' });
  await expect(settings).toHaveAttribute('aria-disabled', 'true');
  await expect(settings).toHaveAttribute('title', 'Needs an internet connection');
  await page.keyboard.press('Escape');

  // Deck detail: the cards with their pictures; editing waits for the connection, and says so.
  await page.getByRole('link', { name: 'Animals', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
  await expectPicturesLoaded(page);
  const add = page.getByRole('button', { name: 'Add card' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', 'Needs an internet connection');

  // Study with pictures.
  await page.getByRole('link', { name: /^Study \(2\)/ }).click();
  await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 2/);
  await expectPicturesLoaded(page);
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByRole('dialog').getByText(/kept on this device and will be sent/)).toBeVisible();

  // Today's review, computed on the device: the Colors cards are new.
  await page.goto('/study/review');
  await expect(page.getByRole('heading', { level: 1, name: "Today's review" })).toBeVisible();
  await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 2/);
  await expect(page.getByText('From Colors')).toBeVisible();
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByText('4 answers waiting to sync')).toBeVisible();

  // Progress: the last known figures, marked as such.
  await page.goto('/progress');
  await expect(page.getByText(/^Last known figures, as of .* \(offline\)\.$/)).toBeVisible();

  // Online again: the answers reach the server once, the banner goes.
  await context.setOffline(false);
  await expect(page.getByText(/waiting to sync$/)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  const sessions = async () =>
    ((await (await page.request.get(`/api/progress/${ana.id}`)).json()) as Progress).overall_statistics.total_sessions;
  await expect.poll(sessions).toBe(3);
  // Every answer once: two studied online, two studied offline, two reviewed offline (the review's
  // answers are their own delivery, which may land a moment after the sessions').
  const answers = async () => {
    const exported = (await (await page.request.get('/api/users/export')).json()) as {
      review_logs: { student_id: number }[];
    };
    return exported.review_logs.filter((l) => l.student_id === ana.id).length;
  };
  await expect.poll(answers).toBe(6);
  await expect(page.getByText(/waiting to sync$/)).toHaveCount(0);
  expect(await answers()).toBe(6);
  expect(errors).toEqual([]);
});

test('offline in Spanish: the banner and the disabled actions say why, and a deck marked on this device opens', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana');
  const fruit = await seedDeck(page, ana.id, 'Frutas', [['apple', 'la manzana']]);
  await page.addInitScript((deckId) => {
    localStorage.setItem('language', 'es');
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    localStorage.setItem('offlineDecks', JSON.stringify([deckId]));
  }, fruit);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Frutas', exact: true })).toBeVisible();
  await controlledBySw(page);
  await expect.poll(() => keptDecks(page, ana.id)).toEqual([fruit]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Estás sin conexión.' })).toContainText(
    'esperan a la conexión',
  );
  await page.getByRole('link', { name: 'Frutas', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frutas' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Añadir tarjeta' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', 'Necesita conexión a internet');
  await expectNoAxeViolations(page);
});

test.describe('before the app is kept on the device', () => {
  // No service worker yet (a first visit): code not downloaded before the connection dropped is missing.
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code never downloaded says so offline, and opens once the connection returns', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    await createStudentViaApi(page, 'Mia');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Progress' }).click();
    // The rest of the app stays (the header), with a clear message where the screen would be; the
    // offline notice's own code may be missing too, and says the same.
    await expect(page.getByRole('alert').first()).toHaveText(
      'This part of the page could not load. Check your connection and try again.',
    );
    await expect(page.getByRole('button', { name: 'Try again' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Progress' })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Progress for Mia' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
