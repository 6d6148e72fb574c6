import type { Locator, Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const ANIMALS: [string, string][] = [
  ['dog', 'el perro'],
  ['cat', 'el gato'],
  ['bird', 'el pájaro'],
];

/** A deck with cards, made through the API (cards as multipart, as the card form sends them). */
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

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });

/** The English word of the card on screen, whichever side shows. */
async function currentEnglishWord(page: Page): Promise<string> {
  const label = (await studyCard(page).getAttribute('aria-label')) ?? '';
  const word = /: (.+)\. (Press to flip|Pulsa para darle la vuelta)\.$/.exec(label)?.[1] ?? '';
  return ANIMALS.find(([en, es]) => en === word || es === word)?.[0] ?? word;
}

/** Presses Tab until the locator has focus (keyboard-only navigation). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function totalSessions(page: Page, studentId: number) {
  const res = await page.request.get(`/api/progress/${studentId}`);
  return ((await res.json()) as { overall_statistics: { total_sessions: number } }).overall_statistics.total_sessions;
}

// Whole journeys with real saves and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('study', () => {
  test('mastering every card celebrates, saves, and progress shows the session at 100%', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);

    await page.goto(`/study/${deck.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, English side: (dog|cat|bird)\. Press to flip\.$/);
    await expect(page.getByRole('progressbar', { name: 'Study progress' })).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByText('1 / 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectNoAxeViolations(page);

    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, Spanish side: el /);
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Spanish side: el' })).toHaveCount(1);
    // Headless Chromium may have no voices (the button is then marked unavailable): it must simply not fail.
    await page.getByRole('button', { name: 'Listen' }).press('Enter');

    for (let i = 1; i <= 3; i++) {
      await expect(studyCard(page)).toHaveAccessibleName(new RegExp(`^Card ${i} of 3`));
      await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Perfect score! You mastered all 3 cards.');
    await expect(dialog.getByRole('status')).toHaveText('Your results are saved.');
    await expect(page.locator('[data-confetti]')).toBeAttached();
    await expectNoAxeViolations(page);

    await dialog.getByRole('link', { name: 'See progress' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Progress for Ana' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '100%' }).first()).toBeVisible();
    const sessions = page.locator('dl > div').filter({ hasText: 'Study sessions' });
    await expect(sessions).toContainText('1');
    await expect(page.getByRole('listitem').filter({ hasText: 'Animals' })).toContainText('100%');
    expect(errors).toEqual([]);
  });

  test('missing cards gives the summary, try again reshuffles, and the misses need attention', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);
    await page.goto(`/study/${deck.id}`);

    const missed: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await expect(studyCard(page)).toHaveAccessibleName(new RegExp(`^Card ${i} of 3`));
      if (i < 3) {
        missed.push(await currentEnglishWord(page));
        await page.getByRole('button', { name: 'Not mastered' }).click();
      } else {
        await page.getByRole('button', { name: 'Mastered', exact: true }).click();
      }
    }
    const dialog = page.getByRole('dialog', { name: 'Great Job!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('div').filter({ hasText: /^Mastered1$/ })).toBeVisible();
    await expect(dialog.locator('div').filter({ hasText: /^Not mastered2$/ })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Your results are saved.');
    await expect(page.locator('[data-confetti]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog).toBeHidden();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, English side/);
    await expect(page.getByRole('button', { name: 'Mastered', exact: true })).toBeEnabled();

    await page.goto('/progress');
    const attention = page.getByRole('region', { name: 'Cards needing attention' });
    await expect(attention.getByRole('listitem')).toHaveCount(2);
    for (const en of missed) {
      const es = ANIMALS.find(([e]) => e === en)![1];
      const item = attention.getByRole('listitem').filter({ hasText: en });
      await expect(item).toContainText(`${en} → ${es}`);
      await expect(item).toContainText('Deck: Animals');
      await expect(item).toContainText('Accuracy: 0%');
      await expect(item).toContainText('1 attempt');
    }
  });

  test('can be studied by keyboard alone', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);
    await page.goto(`/study/${deck.id}`);
    const card = studyCard(page);
    await expect(card).toBeVisible();

    await tabTo(page, card);
    await page.keyboard.press('Space');
    await expect(card).toHaveAccessibleName(/Spanish side/);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAccessibleName(/English side/);

    const mastered = page.getByRole('button', { name: 'Mastered', exact: true });
    await tabTo(page, mastered);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAccessibleName(/^Card 2 of 3/);
    const previous = page.getByRole('button', { name: 'Previous' });
    await tabTo(page, previous);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAccessibleName(/^Card 1 of 3/);
    await expect(card).toBeFocused(); // Previous is disabled again; focus is not lost

    await tabTo(page, mastered);
    for (let i = 1; i <= 3; i++) {
      await expect(card).toHaveAccessibleName(new RegExp(`^Card ${i} of 3`));
      await page.keyboard.press('Enter');
    }
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog).toBeVisible();
    const tryAgain = dialog.getByRole('button', { name: 'Try again' });
    await tabTo(page, tryAgain);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    await page.keyboard.press('Space');
    await expect(card).toHaveAccessibleName(/^Card 1 of 3, Spanish side/);
  });

  test('the side shown first follows the native language unless startWithFront says otherwise', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);

    await page.goto(`/study/${deck.id}`);
    await expect(studyCard(page)).toHaveAccessibleName(/English side/);
    await page.goto(`/study/${deck.id}?startWithFront=false`);
    await expect(studyCard(page)).toHaveAccessibleName(/Spanish side/);
    await expect(page.getByRole('button', { name: 'Spanish', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The toggle chooses the first side and keeps the choice in the address.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/English side/);
    await expect(page).toHaveURL(/startWithFront=true/);

    await page.request.put(`/api/students/${ana.id}`, { data: { name: 'Ana', native_language: 'Español' } });
    await page.goto(`/study/${deck.id}`);
    await expect(studyCard(page)).toHaveAccessibleName(/Spanish side/);
    await page.goto(`/study/${deck.id}?startWithFront=true`);
    await expect(studyCard(page)).toHaveAccessibleName(/English side/);
  });

  test('a deck without cards cannot be studied, and an unknown deck is not found', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const empty = await seedDeck(page, ana.id, 'Empty', []);
    await page.goto(`/study/${empty.id}`);
    await expect(page.getByRole('heading', { name: 'This deck has no cards to study' })).toBeVisible();
    await expect(studyCard(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to deck' })).toHaveAttribute('href', `/deck/${empty.id}`);
    await page.goto('/study/999999');
    await expect(page.getByRole('heading', { name: 'Deck not found' })).toBeVisible();
  });

  test('exit returns to the deck, restart reshuffles from the first card', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);
    await page.goto(`/study/${deck.id}`);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 2 of 3/);
    await page.getByRole('button', { name: 'Study options' }).click();
    await page.getByRole('menuitem', { name: 'Restart' }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3/);
    await page.getByRole('link', { name: 'Exit' }).click();
    await expect(page).toHaveURL(new RegExp(`/deck/${deck.id}$`));
  });

  test('without a student the session works but is not saved', async ({ page }) => {
    await signUpViaApi(page);
    const deck = await seedDeck(page, null, 'Animals', ANIMALS.slice(0, 1));
    await page.goto(`/study/${deck.id}`);
    await expect(page.getByText('No student is selected, so this session will not be saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog.getByRole('status')).toHaveText('Results are not saved because no student is selected.');
    await expect(dialog.getByRole('link', { name: 'See progress' })).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('no confetti for people who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 1));
    await page.goto(`/study/${deck.id}`);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
    await expect(page.locator('[data-confetti]')).toHaveCount(0);
  });

  test('a save whose answer was lost is retried and counted once', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 2));
    let calls = 0;
    // The first request reaches the server, but the browser sees a failure.
    await page.route('**/api/study-sessions', async (route) => {
      calls += 1;
      const res = await route.fetch();
      if (calls === 1) await route.fulfill({ status: 503, json: { error: 'Unavailable', code: 'unavailable' } });
      else await route.fulfill({ response: res });
    });
    await page.goto(`/study/${deck.id}`);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog.getByRole('status')).toHaveText(/Your results are saved\./, { timeout: 15_000 });
    expect(calls).toBe(2);
    expect(await totalSessions(page, ana.id)).toBe(1);
  });

  test('a result that could not be sent is kept and sent on the next visit', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 1));
    await page.route('**/api/study-sessions', (route) => route.abort('internetdisconnected'));
    await page.goto(`/study/${deck.id}`);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog.getByRole('status')).toContainText('kept on this device and will be sent');
    expect(await totalSessions(page, ana.id)).toBe(0);

    // The page is left before the connection comes back: the outbox of this visit tries again
    // after 2, 5, 15 s, and a try of its own after the route was lifted raced the next visit (its
    // answer missed, or cut by the navigation).
    await page.goto('about:blank');
    await page.unroute('**/api/study-sessions');
    // The outbox starts once the page has settled (quiet windows after the load event, then an
    // idle moment: lib/page-settled.ts), seconds of the page's own time that a busy machine
    // stretched past any wait. The test moves the page's clock past them instead of waiting.
    await page.clock.install();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/study-sessions') && r.request().method() === 'POST' && r.ok(),
    );
    await page.goto(`/study/${deck.id}`);
    await expect(page.getByRole('button', { name: 'Mastered', exact: true })).toBeVisible();
    await page.clock.runFor(15_000);
    await sent;
    expect(await totalSessions(page, ana.id)).toBe(1);
    await page.goto('/progress');
    await expect(page.locator('dl > div').filter({ hasText: 'Study sessions' })).toContainText('1');
  });

  test('works on a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);
    await page.goto(`/study/${deck.id}`);
    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAccessibleName(/Spanish side/);
    for (const name of ['Listen', 'Previous', 'Skip', 'Not mastered', 'Mastered']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('estudio en español', () => {
  test.use({ language: 'es' });

  test('dominar todas las tarjetas celebra y el progreso muestra 100%', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'Español');
    const deck = await seedDeck(page, ana.id, 'Animales', ANIMALS);
    await page.goto(`/study/${deck.id}`);
    await expect(studyCard(page)).toHaveAccessibleName(/^Tarjeta 1 de 3, lado en español: el /);
    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAccessibleName(/lado en inglés/);
    await page.getByRole('button', { name: 'Escuchar' }).press('Enter');
    for (let i = 1; i <= 3; i++) {
      await expect(studyCard(page)).toHaveAccessibleName(new RegExp(`^Tarjeta ${i} de 3`));
      await page.getByRole('button', { name: 'Dominada', exact: true }).click();
    }
    const dialog = page.getByRole('dialog', { name: '¡Felicidades!' });
    await expect(dialog).toContainText('¡Puntuación perfecta! Dominaste las 3 tarjetas.');
    await expect(dialog.getByRole('status')).toHaveText('Tus resultados están guardados.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Ver progreso' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Progreso de Ana' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Animales' })).toContainText('100%');
  });

  test('con fallos muestra el resumen', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'Español');
    const deck = await seedDeck(page, ana.id, 'Animales', ANIMALS.slice(0, 2));
    await page.goto(`/study/${deck.id}`);
    await page.getByRole('button', { name: 'No dominada' }).click();
    await page.getByRole('button', { name: 'Saltar' }).click();
    const dialog = page.getByRole('dialog', { name: '¡Buen trabajo!' });
    await expect(dialog.locator('div').filter({ hasText: /^Dominadas0$/ })).toBeVisible();
    await expect(dialog.locator('div').filter({ hasText: /^No dominadas1$/ })).toBeVisible();
    await expect(dialog.locator('div').filter({ hasText: /^Saltadas1$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Tarjeta 1 de 2/);
  });
});
