import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** Issue 18: the rough edges a new user found, the look made for children, in English and Spanish. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const THEMES = ['default', 'ocean', 'sunset', 'alvarado', 'royal', 'monochrome'];

const TEXT = {
  en: {
    chooseLanguage: 'Choose your language',
    step1: 'Step 1 of 4',
    accountMenu: /^Account menu/,
    back: 'Back to decks',
    progress: 'Progress',
    catalogueTitle: 'Section 1 Week 1',
    catalogueSubtitle: 'Spanish vocabulary fundamentals for beginners',
    helper: 'By Flashcards Team',
    time: 'Total study time',
    underMinute: 'Less than a minute (25 s)',
    actions: (t: string) => `Actions for ${t}`,
    rename: 'Rename',
    renameDialog: 'Rename deck',
    title: 'Title',
    save: 'Save',
    renamed: (t: string) => `Deck renamed to "${t}".`,
    archive: 'Archive',
    archived: (t: string) => `Deck "${t}" archived.`,
    undo: 'Undo',
    closeToast: 'Close notification',
    removeProgress: 'Remove deck progress',
    removeDialog: 'Remove deck progress?',
    removeConfirm: 'Remove progress',
    removed: (t: string) => `Progress of "${t}" removed.`,
    newDeck: 'New',
    createNew: 'Create new deck',
    createDialog: 'Create new deck',
    createSubmit: 'Create deck',
    whose: 'Whose deck is it?',
    allChildren: 'All children',
    forName: (n: string) => `For ${n}`,
    forAll: 'For all children',
    move: 'Move to…',
    moveDialog: 'Move deck',
    moveSubmit: 'Move',
    moved: (t: string, n: string) => `Deck "${t}" moved to ${n}.`,
    currentStudent: 'Current student',
  },
  es: {
    chooseLanguage: 'Elige tu idioma',
    step1: 'Paso 1 de 4',
    accountMenu: /^Menú de la cuenta/,
    back: 'Volver a los mazos',
    progress: 'Progreso',
    catalogueTitle: 'Sección 1 Semana 1',
    catalogueSubtitle: 'Vocabulario básico de español para principiantes',
    helper: 'Del equipo de Flashcards',
    time: 'Tiempo total de estudio',
    underMinute: 'Menos de un minuto (25 s)',
    actions: (t: string) => `Acciones para ${t}`,
    rename: 'Renombrar',
    renameDialog: 'Renombrar mazo',
    title: 'Título',
    save: 'Guardar',
    renamed: (t: string) => `Mazo renombrado a «${t}».`,
    archive: 'Archivar',
    archived: (t: string) => `Mazo «${t}» archivado.`,
    undo: 'Deshacer',
    closeToast: 'Cerrar notificación',
    removeProgress: 'Borrar el progreso del mazo',
    removeDialog: '¿Borrar el progreso del mazo?',
    removeConfirm: 'Borrar progreso',
    removed: (t: string) => `Progreso de «${t}» eliminado.`,
    newDeck: 'Nuevo',
    createNew: 'Crear mazo nuevo',
    createDialog: 'Crear mazo nuevo',
    createSubmit: 'Crear mazo',
    whose: '¿De quién es este mazo?',
    allChildren: 'Todos los niños',
    forName: (n: string) => `Para ${n}`,
    forAll: 'Para todos los niños',
    move: 'Mover a…',
    moveDialog: 'Mover el mazo',
    moveSubmit: 'Mover',
    moved: (t: string, n: string) => `Mazo «${t}» movido a ${n}.`,
    currentStudent: 'Estudiante actual',
  },
} as const;

async function json<T>(res: { ok(): boolean; status(): number; json(): Promise<unknown> }): Promise<T> {
  expect(res.ok(), `status ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function deckViaApi(page: Page, title: string, studentId: number | null) {
  return json<{ id: number }>(await page.request.post('/api/decks', { data: { title, student_id: studentId } }));
}

async function cardViaApi(page: Page, deckId: number, en: string, es: string, withPicture = false) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    deck_id: String(deckId),
    en,
    es,
  };
  if (withPicture) {
    const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffc93c' } })
      .png()
      .toBuffer();
    multipart.front_image = { name: 'sun.png', mimeType: 'image/png', buffer };
  }
  return json<{ id: number }>(await page.request.post('/api/cards', { multipart }));
}

async function importCatalogueDeck(page: Page, studentId: number) {
  const { decks } = await json<{ decks: { id: string; title: string; color: string; cards: unknown[] }[] }>(
    await page.request.get('/api/catalogue'),
  );
  const week1 = decks[0]!;
  const deck = await json<{ id: number }>(
    await page.request.post('/api/decks', {
      data: { title: week1.title, student_id: studentId, is_imported: true, original_deck_id: week1.id },
    }),
  );
  await json(await page.request.post(`/api/decks/${deck.id}/import-cards`, { data: { cards: week1.cards } }));
  return deck;
}

async function sessionViaApi(page: Page, studentId: number, deckId: number, cardId: number, seconds: number) {
  await json(
    await page.request.post('/api/study-sessions', {
      data: {
        student_id: studentId,
        deck_id: deckId,
        cards_studied: 1,
        cards_mastered: 1,
        cards_not_mastered: 0,
        accuracy_percentage: 100,
        study_duration_seconds: seconds,
      },
    }),
  );
  await json(
    await page.request.post('/api/card-performance', {
      data: { student_id: studentId, card_results: [{ card_id: cardId, is_correct: true }] },
    }),
  );
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`made for children (${lang})`, () => {
    test.use({ language: lang });

    test('#1 onboarding opened directly: no focus ring on the heading, the step text lines up with it', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await signUpViaApi(page);
      await page.goto('/onboarding');
      const heading = page.getByRole('heading', { level: 1, name: L.chooseLanguage });
      await expect(heading).toBeFocused();
      expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
      const step = page.getByText(L.step1, { exact: true });
      const [stepBox, headingBox] = [await step.boundingBox(), await heading.boundingBox()];
      expect(Math.abs(stepBox!.x - headingBox!.x)).toBeLessThanOrEqual(2);
      await expectNoAxeViolations(page);
    });

    test('#2 a card without a picture is as tall as its text, and short texts sit side by side', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signUpViaApi(page);
      const deck = await deckViaApi(page, 'Greetings', null);
      await cardViaApi(page, deck.id, 'the sun', 'el sol', true);
      await cardViaApi(page, deck.id, 'Good afternoon', 'Buenas tardes');
      await page.goto(`/deck/${deck.id}`);
      const cards = page.locator('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.first().locator('img')).toBeVisible();
      const [withPicture, without] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(without!.height).toBeLessThan(withPicture!.height / 2);
      const en = cards.nth(1).getByText('Good afternoon', { exact: true });
      const es = cards.nth(1).getByText('Buenas tardes', { exact: true });
      const [enBox, esBox] = [await en.boundingBox(), await es.boundingBox()];
      expect(Math.abs(enBox!.y - esBox!.y)).toBeLessThanOrEqual(2); // side by side
      const lineHeight = await en.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(enBox!.height).toBeLessThan(lineHeight * 1.5); // on one line
      expect(esBox!.height).toBeLessThan(lineHeight * 1.5);
    });

    test('#3 on a phone the email in the user menu is not broken mid-word', async ({ page }) => {
      await page.setViewportSize(PHONE);
      const { email } = await signUpViaApi(page);
      await page.goto('/');
      await page.getByRole('button', { name: L.accountMenu }).click();
      await expect(page.getByText(email)).toBeVisible();
      const lines = await page.evaluate((address) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(address);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + address.length);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }
        return -1;
      }, email);
      expect(lines).toBe(1);
      const menu = await page.getByRole('menu').boundingBox();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(PHONE.width);
    });

    test('#4 the back link lines up with the deck title; the progress link marks the current page', async ({
      page,
    }) => {
      await page.setViewportSize(DESKTOP);
      await signUpViaApi(page);
      const deck = await deckViaApi(page, 'Animals', null);
      await page.goto(`/deck/${deck.id}`);
      const back = page.getByRole('link', { name: L.back });
      const arrow = await back.locator('svg path').boundingBox();
      const titleBlock = await page.getByRole('heading', { level: 1, name: 'Animals' }).locator('..').boundingBox();
      expect(Math.abs(arrow!.x - titleBlock!.x)).toBeLessThanOrEqual(4);

      const progress = page.getByRole('navigation').getByRole('link', { name: L.progress });
      await expect(progress).not.toHaveAttribute('aria-current', 'page');
      const idle = await progress.evaluate((a) => getComputedStyle(a).backgroundColor);
      await progress.click();
      await expect(progress).toHaveAttribute('aria-current', 'page');
      expect(await progress.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe(idle);
    });

    test('#5 catalogue decks show their title, subtitle and author in the interface language', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await importCatalogueDeck(page, ana.id);
      await page.goto('/');
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: L.catalogueTitle }) });
      await expect(card).toContainText(L.catalogueSubtitle);
      await expect(card).toContainText(L.helper);
      await page.goto(`/deck/${deck.id}`);
      await expect(page.getByRole('heading', { level: 1, name: L.catalogueTitle })).toBeVisible();
      await expect(page.getByText(L.catalogueSubtitle)).toBeVisible();
      await expect(page.getByText(L.helper)).toBeVisible();
      if (lang === 'es') await expect(page.getByText('Flashcards Team')).toHaveCount(0);
    });

    test('#6 a short total study time reads as less than a minute, with its seconds', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await deckViaApi(page, 'Animals', ana.id);
      const card = await cardViaApi(page, deck.id, 'dog', 'el perro');
      await sessionViaApi(page, ana.id, deck.id, card.id, 10);
      await sessionViaApi(page, ana.id, deck.id, card.id, 15);
      await page.goto('/progress');
      const tile = page.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: L.time }) });
      await expect(tile).toContainText(L.underMinute);
    });

    test('#7 changes are confirmed by polite toasts that never take the focus, with undo', async ({ page }) => {
      test.slow();
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await deckViaApi(page, 'Animals', ana.id);
      const card = await cardViaApi(page, deck.id, 'dog', 'el perro');
      await sessionViaApi(page, ana.id, deck.id, card.id, 30);
      await page.goto('/');

      await page.getByRole('button', { name: L.actions('Animals') }).click();
      await page.getByRole('menuitem', { name: L.rename }).click();
      const dialog = page.getByRole('dialog', { name: L.renameDialog });
      await dialog.getByLabel(L.title, { exact: true }).fill('Zoo');
      await dialog.getByRole('button', { name: L.save }).click();
      await expect(toast(page, L.renamed('Zoo'))).toBeVisible();
      await expect(page.locator('section[aria-live="polite"]')).toContainText(L.renamed('Zoo'));
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-sonner-toaster]')))).toBe(false);
      await expectNoAxeViolations(page);

      // Archive, then undo: the deck is back, not archived.
      await page.getByRole('button', { name: L.actions('Zoo') }).click();
      await page.getByRole('menuitem', { name: L.archive }).click();
      const archived = toast(page, L.archived('Zoo'));
      await expect(archived).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Zoo' })).toHaveCount(0);
      await archived.getByRole('button', { name: L.undo }).click();
      await expect(page.getByRole('heading', { name: 'Zoo' })).toBeVisible();
      const decks = await json<{ is_archived: boolean }[]>(await page.request.get('/api/decks'));
      expect(decks.map((d) => d.is_archived)).toEqual([false]);

      // Removing a deck's progress, once confirmed, is done at once (every figure of the page then
      // changes together) and said in a toast.
      const stats = async () =>
        (await json<{ deck_statistics: unknown[] }>(await page.request.get(`/api/progress/${ana.id}`))).deck_statistics;
      await page.goto('/progress');
      await page.getByRole('button', { name: L.actions('Zoo') }).click();
      await page.getByRole('menuitem', { name: L.removeProgress }).click();
      await page.getByRole('dialog', { name: L.removeDialog }).getByRole('button', { name: L.removeConfirm }).click();
      await expect(page.getByRole('heading', { name: 'Zoo' })).toHaveCount(0);
      await expect(toast(page, L.removed('Zoo'))).toBeVisible();
      expect(await stats()).toHaveLength(0);
    });

    test('#8 decks say whose they are, can be made for all children and moved to another child', async ({ page }) => {
      test.slow();
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      await createStudentViaApi(page, 'Ben');
      await deckViaApi(page, 'Animals', ana.id);
      await page.goto('/');
      const deckCard = (title: string) =>
        page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(deckCard('Animals')).toContainText(L.forName('Ana'));

      // A deck for all children, from the create dialog.
      await page.getByRole('button', { name: L.newDeck, exact: true }).click();
      await page.getByRole('menuitem', { name: L.createNew }).click();
      const create = page.getByRole('dialog', { name: L.createDialog });
      await expect(create.getByRole('group', { name: L.whose }).getByRole('radio', { name: /^Ana/ })).toBeChecked();
      await create.getByLabel(L.title, { exact: true }).fill('Colours');
      await create.getByRole('radio', { name: new RegExp(`^${L.allChildren}`) }).check();
      await expectNoAxeViolations(page);
      await create.getByRole('button', { name: L.createSubmit }).click();
      await expect(deckCard('Colours')).toContainText(L.forAll);

      // Moving Animals to Ben: it leaves Ana's list and shows in Ben's.
      await page.getByRole('button', { name: L.actions('Animals') }).click();
      await page.getByRole('menuitem', { name: L.move }).click();
      const move = page.getByRole('dialog', { name: L.moveDialog });
      await move.getByRole('radio', { name: /^Ben/ }).check();
      await move.getByRole('button', { name: L.moveSubmit }).click();
      await expect(toast(page, L.moved('Animals', 'Ben'))).toBeVisible();
      await expect(deckCard('Animals')).toHaveCount(0);
      await page.getByRole('combobox', { name: L.currentStudent }).selectOption({ label: 'Ben' });
      await expect(deckCard('Animals')).toContainText(L.forName('Ben'));
      await expect(deckCard('Colours')).toContainText(L.forAll);
    });
  });
}

test.describe('made for children: the look', () => {
  test('#9 the first frame already has the stored theme', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'ocean');
      // The first animation frame runs just before the first paint.
      requestAnimationFrame(() => {
        const root = document.documentElement;
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          variable: getComputedStyle(root).getPropertyValue('--color-background').trim(),
          background: getComputedStyle(root).backgroundColor,
        };
      });
    });
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame))
      .toEqual({
        variable: '#eef8fb',
        background: 'rgb(238, 248, 251)',
      });
  });

  test('the self-hosted friendly font is used, and nothing comes from another host', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('700 16px Andika'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Andika/);
    expect(foreign).toEqual([]);
  });

  test('the study screen has touch targets of at least 48 × 48 px and a mascot on the celebration', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana');
    const deck = await deckViaApi(page, 'Animals', ana.id);
    await cardViaApi(page, deck.id, 'dog', 'el perro');
    await page.goto(`/study/${deck.id}`);
    await expect(page.locator('[data-tour="study-card"]')).toBeVisible();
    const small = await page
      .locator('main')
      .locator('button, a')
      .evaluateAll((els) =>
        els
          .map((el) => ({ name: el.textContent || el.getAttribute('aria-label'), box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 48 || box.height < 48)
          .map(({ name }) => name),
      );
    expect(small).toEqual([]);
    await page.locator('[data-tour="study-mastered"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[data-illustration="mascot"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const theme of THEMES) {
    test(`every page keeps WCAG AA contrast in the ${theme} theme`, async ({ page }) => {
      test.slow();
      await page.addInitScript((id) => localStorage.setItem('theme', id), theme);
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await deckViaApi(page, 'Animals', ana.id);
      const card = await cardViaApi(page, deck.id, 'the sun', 'el sol', true);
      await cardViaApi(page, deck.id, 'Good afternoon', 'Buenas tardes');
      await sessionViaApi(page, ana.id, deck.id, card.id, 30);
      await importCatalogueDeck(page, ana.id);
      for (const path of ['/', `/deck/${deck.id}`, `/study/${deck.id}`, '/progress']) {
        await page.goto(path);
        await expect(page.locator('main h1, main [data-tour="study-card"]').first()).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
      await page.goto('/');
      await page.getByRole('button', { name: 'Actions for Animals' }).click();
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await expect(toast(page, 'Deck "Animals" archived.')).toBeVisible();
      // Contrast is measured on the settled toast, not half-way through its fade-in.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await expectNoAxeViolations(page);
    });
  }
});
