import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Issue 28 (points 1–9): what a parent on a touch tablet, a phone and a family that loses Wi-Fi hit.

const LONG = 'Electroencefalografistamentesupercalifragilistico';

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

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const L = {
  en: {
    add: 'Add card',
    save: 'Add card',
    english: 'English',
    spanish: 'Spanish',
    added3: '3 cards added.',
    cardActions: (w: string) => `Actions for card ${w}`,
    needs: 'Needs an internet connection',
    reportBug: 'Report bug',
    share: 'Share',
    deckActions: /^Actions for Words/,
    export: 'Export',
    csv: 'Download CSV',
    progressMenu: 'Progress options',
    nuke: 'Nuke progress',
    notKept: 'This deck is not kept on this device',
    kept: 'Your results are kept on this device and will be sent when the connection is back.',
    offline: "You're offline.",
    whatWorks: 'What still works',
    removeMenu: /^Actions for Colors/,
    remove: 'Remove deck progress',
    confirmRemove: 'Remove progress',
    sessions: 'Study sessions',
    decksStudied: 'Decks studied',
    time: 'Total study time',
    mastered: 'Mastered',
  },
  es: {
    add: 'Añadir tarjeta',
    save: 'Añadir tarjeta',
    english: 'Inglés',
    spanish: 'Español',
    added3: '3 tarjetas añadidas.',
    cardActions: (w: string) => `Acciones para la tarjeta ${w}`,
    needs: 'Necesita conexión a internet',
    reportBug: 'Informar de un error',
    share: 'Compartir',
    deckActions: /^Acciones para Words/,
    export: 'Exportar',
    csv: 'Descargar CSV',
    progressMenu: 'Opciones de progreso',
    nuke: 'Borrar todo el progreso',
    notKept: 'Este mazo no está guardado en este dispositivo',
    kept: 'Tus resultados se guardan en este dispositivo y se enviarán cuando vuelva la conexión.',
    offline: 'Estás sin conexión.',
    whatWorks: 'Qué sigue funcionando',
    removeMenu: /^Acciones para Colors/,
    remove: 'Borrar el progreso del mazo',
    confirmRemove: 'Borrar progreso',
    sessions: 'Sesiones de estudio',
    decksStudied: 'Mazos estudiados',
    time: 'Tiempo total de estudio',
    mastered: 'Dominada',
  },
};

for (const language of ['en', 'es'] as const) {
  test.describe(`touch and phone (${language})`, () => {
    test.use({ language });

    test('#3 a card with a long unbroken word does not make the deck page scroll sideways on a phone', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await seedDeck(page, ana.id, 'Words', [
        [LONG, LONG],
        ['dog', 'perro'],
      ]);
      await page.goto(`/deck/${deck.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Words' })).toBeVisible();
      await expect(page.getByText(LONG).first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    });

    test('#1 cards added in a row make one toast that counts them, below the header, never in front of an action', async ({
      page,
    }) => {
      const l = L[language];
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await seedDeck(page, ana.id, 'Words', [['dog', 'perro']]);
      await page.goto(`/deck/${deck.id}`);
      for (const [en, es] of [
        ['cat', 'gato'],
        ['bird', 'pájaro'],
        ['fish', 'pez'],
      ] as const) {
        await page.getByRole('button', { name: l.add, exact: true }).first().click();
        const form = page.getByRole('dialog');
        await form.getByLabel(l.english, { exact: true }).fill(en);
        await form.getByLabel(l.spanish, { exact: true }).fill(es);
        await form.getByRole('button', { name: l.save, exact: true }).click();
        await expect(form).toHaveCount(0);
      }
      const toasts = page.locator('[data-sonner-toast]');
      await expect(toasts).toHaveCount(1);
      await expect(toasts).toHaveText(l.added3);
      // Announced politely by screen readers.
      await expect(
        page.getByRole('region', { name: /otifica/ }).or(page.locator('section[aria-live="polite"]')),
      ).toHaveCount(1);
      // Below the header, and a tap where the toast is reaches what is underneath.
      const header = await page.locator('header').first().boundingBox();
      const box = (await toasts.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      const passesThrough = await page.evaluate(
        ([x, y]) => !document.elementFromPoint(x!, y!)?.closest('[data-sonner-toast]'),
        [box.x + 10, box.y + box.height / 2],
      );
      expect(passesThrough).toBe(true);
      // The actions button of a card stays operable while the toast shows.
      await page.getByRole('button', { name: l.cardActions('dog') }).click({ timeout: 3_000 });
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('#2 #6 offline, disabled actions say why in words a touch screen shows: cards, deck menu share, export, bug board', async ({
      page,
      context,
    }) => {
      const l = L[language];
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await seedDeck(page, ana.id, 'Words', [['dog', 'perro']]);
      await page.goto(`/deck/${deck.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Words' })).toBeVisible();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await context.setOffline(true);
      // Add card: disabled, the reason visible beside it and its description.
      const add = page.getByRole('button', { name: l.add, exact: true });
      await expect(add).toBeDisabled();
      await expect(add).toHaveAccessibleDescription(l.needs);
      await expect(page.getByText(l.needs).first()).toBeVisible();
      // The deck menu: Share disabled, its reason shown under it and reachable by arrow keys.
      await page.getByRole('button', { name: l.deckActions }).click();
      const share = page.getByRole('menuitem', { name: l.share, exact: true });
      await expect(share).toHaveAttribute('aria-disabled', 'true');
      await expect(share).toHaveAccessibleDescription(l.needs);
      await expect(share.getByText(l.needs)).toBeVisible();
      for (let i = 0; i < 8 && !(await share.evaluate((e) => e === document.activeElement)); i++) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(share).toBeFocused();
      // Export: the download links are disabled buttons with the reason.
      await page.getByRole('menuitem', { name: l.export, exact: true }).click();
      const csv = page.getByRole('dialog').getByRole('button', { name: l.csv });
      await expect(csv).toBeDisabled();
      await expect(csv).toHaveAccessibleDescription(new RegExp(l.needs));
      await expect(page.getByRole('dialog').getByRole('link')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      // The bug board's "Report bug".
      await page.goto('/bugs').catch(() => undefined);
      const report = page.getByRole('button', { name: l.reportBug }).first();
      await expect(report).toBeDisabled();
      await expect(report).toHaveAccessibleDescription(l.needs);
    });

    test('#7 #9 offline: studying a deck not kept says so plainly; the session end says results are kept and will be sent; nuke says why it waits', async ({
      page,
      context,
    }) => {
      const l = L[language];
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const kept = await seedDeck(page, ana.id, 'Colors', [['red', 'rojo']]);
      const notKept = await seedDeck(page, ana.id, 'Words', [['dog', 'perro']]);
      await page.goto(`/study/${kept.id}`);
      await page.getByRole('button', { name: l.mastered, exact: true }).click();
      await page.getByRole('dialog').getByRole('status').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // Offline, in this page: a session whose results wait on the device.
      await page.goto(`/study/${kept.id}`);
      await expect(page.getByRole('button', { name: l.mastered, exact: true })).toBeVisible();
      await context.setOffline(true);
      await page.getByRole('button', { name: l.mastered, exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('status')).toHaveText(l.kept);
      // A deck never kept on the device, opened offline from a link.
      await page.getByRole('dialog').press('Escape');
      await page.evaluate((id) => {
        history.pushState(null, '', `/study/${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, notKept.id);
      await expect(page.getByRole('alert').or(page.getByText(l.notKept))).toContainText(l.notKept);
      // Progress: "Nuke progress" disabled with its reason.
      await page.evaluate(() => {
        history.pushState(null, '', '/progress');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('button', { name: l.progressMenu }).click();
      const nuke = page.getByRole('menuitem', { name: l.nuke });
      await expect(nuke).toHaveAttribute('aria-disabled', 'true');
      await expect(nuke).toHaveAccessibleDescription(l.needs);
      await expect(nuke.getByText(l.needs)).toBeVisible();
    });

    test("#4 removing a deck's progress changes every figure together; the time tile breaks only between words in very large type", async ({
      page,
    }) => {
      const l = L[language];
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      for (const title of ['Colors', 'Words']) {
        const deck = await seedDeck(page, ana.id, title, [['red', 'rojo']]);
        const res = await page.request.post('/api/study-sessions', {
          data: {
            student_id: ana.id,
            deck_id: deck.id,
            cards_studied: 1,
            cards_mastered: 1,
            cards_not_mastered: 0,
            accuracy_percentage: 100,
            study_duration_seconds: 1,
          },
        });
        expect(res.ok()).toBe(true);
      }
      // Very large type: Chromium's largest default font size setting.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '24px'));
      });
      await page.goto('/progress');
      const tile = (name: string) =>
        page
          .locator('dl > div')
          .filter({ has: page.getByText(name, { exact: true }) })
          .locator('dd');
      await expect(tile(l.sessions)).toHaveText('2');
      await expect(tile(l.decksStudied)).toHaveText('2');
      // Each word of the study time lies on one line, and the whole takes at most two, phone to laptop.
      const timeLayout = () =>
        tile(l.time)
          .first()
          .evaluate((dd) => {
            const text = dd.firstChild!;
            const r = document.createRange();
            const tops = (from: number, to: number) => {
              r.setStart(text, from);
              r.setEnd(text, to);
              return new Set([...r.getClientRects()].map((c) => Math.round(c.top)));
            };
            const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
            return {
              split: words.filter((m) => tops(m.index, m.index + m[0].length).size > 1).map((m) => m[0]),
              lines: tops(0, text.textContent!.length).size,
            };
          });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const layout = await timeLayout();
        expect(layout.split).toEqual([]);
        expect(layout.lines).toBeLessThanOrEqual(2);
      }

      await page.getByRole('button', { name: l.removeMenu }).click();
      await page.getByRole('menuitem', { name: l.remove }).click();
      await page.getByRole('dialog').getByRole('button', { name: l.confirmRemove }).click();
      // The dialog stays open (the page behind it hidden from the accessibility tree) until the
      // page has been read again; it closes on the new figures.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 3, name: 'Colors' })).toHaveCount(0);
      // The moment the deck's card is gone, the totals are the new ones (read once, no waiting).
      expect(await tile(l.sessions).textContent()).toBe('1');
      expect(await tile(l.decksStudied).textContent()).toBe('1');
      await expectNoAxeViolations(page);
    });

    test('#8 offline, the banner is one line at tablet width, there at once after a reload, with a "what works" disclosure', async ({
      page,
      context,
    }) => {
      const l = L[language];
      await page.setViewportSize({ width: 768, height: 1024 });
      await signUpViaApi(page);
      await createStudentViaApi(page, 'Ana');
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await context.setOffline(true);
      await page.reload();
      const banner = page.getByRole('status').filter({ hasText: l.offline });
      // There when the page is: checked once the header is, without waiting.
      await page.getByRole('button', { name: /^(Account menu for|Menú de la cuenta de)/ }).waitFor();
      await page.getByRole('main').waitFor();
      expect(await banner.isVisible()).toBe(true);
      const box = (await banner.boundingBox())!;
      const lineHeight = await banner.evaluate((b) => parseFloat(getComputedStyle(b).lineHeight) || 24);
      expect(box.height).toBeLessThan(lineHeight * 2 + 20);
      await banner.getByText(l.whatWorks).click();
      await expect(banner.getByRole('group').or(banner.locator('details[open]'))).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  });
}
