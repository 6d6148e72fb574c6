import type { Page } from '@playwright/test';
import { buildApkg, heavyNotes, noteTypeId } from '../src/server/testing/apkg-fixture';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Issue 28: Anki import notices and toasts never cover a control, on a phone and a tablet, by touch.

const CONTROLS = 'button, a, input, select, textarea, [role="button"]';

/**
 * Every visible, enabled control of the page that a notice or a toast overlaps (their boxes
 * intersect), with what overlaps it; read at the top of the page, as it opens.
 */
function overlaps(page: Page) {
  return page.evaluate(async (selector) => {
    scrollTo(0, 0);
    // Once the toasts have slid into place.
    const toaster = document.querySelector('[data-sonner-toaster]');
    await Promise.all((toaster?.getAnimations({ subtree: true }) ?? []).map((a) => a.finished));
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const overlays = [
      ...document.querySelectorAll('[data-sonner-toast]'),
      ...document.querySelectorAll('[data-anki-notice]'),
    ].filter(visible);
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) =>
        visible(el) &&
        !(el as HTMLButtonElement).disabled &&
        el.getAttribute('aria-disabled') !== 'true' &&
        !el.closest('[inert], [aria-hidden="true"]'),
    );
    const found: string[] = [];
    for (const overlay of overlays) {
      const o = overlay.getBoundingClientRect();
      for (const control of controls) {
        if (overlay.contains(control)) continue;
        const c = control.getBoundingClientRect();
        if (c.right > o.left && c.left < o.right && c.bottom > o.top && c.top < o.bottom) {
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
          found.push(`${overlay.textContent?.trim().slice(0, 30)} covers ${control.tagName.toLowerCase()} "${name}"`);
        }
      }
    }
    return found;
  }, CONTROLS);
}

const TEXT = {
  en: {
    notices: 'Imports from Anki',
    done: '“Spanish › Animals” is imported: 1 card.',
    running: /^Importing “heavy-/,
    add: 'Add card',
    english: 'English',
    spanish: 'Spanish',
    added: 'Card added.',
  },
  es: {
    notices: 'Importaciones de Anki',
    done: '«Spanish › Animals» está importado: 1 tarjeta.',
    running: /^Importando «heavy-/,
    add: 'Añadir tarjeta',
    english: 'Inglés',
    spanish: 'Español',
    added: 'Tarjeta añadida.',
  },
} as const;

const smallPackage = () =>
  buildApkg({
    format: 'anki21b',
    noteTypes: [{ name: 'Vocabulary', fields: ['English', 'Spanish'] }],
    notes: [{ type: 'Vocabulary', deck: 'Spanish::Animals', fields: ['bird', 'el pájaro'] }],
  });
/** A package whose reading takes seconds (nested HTML in every note). */
const heavyPackage = () =>
  buildApkg({
    format: 'anki21',
    noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
    notes: heavyNotes(600, 25),
  });

/** Imports a package left running (background=true), as the import dialog's "Keep importing and close" does. */
const importInBackground = (page: Page, name: string, buffer: Buffer) =>
  page.request.post('/api/imports/anki', {
    multipart: {
      file: { name, mimeType: 'application/octet-stream', buffer },
      mapping: JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } }),
      background: 'true',
    },
  });

const importStates = async (page: Page) => {
  const status = (await (await page.request.get('/api/imports/anki/status')).json()) as {
    imports: { state: string }[];
  };
  return status.imports.map((i) => i.state);
};

async function addCard(page: Page, l: (typeof TEXT)['en' | 'es'], [en, es]: readonly [string, string]) {
  await page.getByRole('button', { name: l.add, exact: true }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel(l.english, { exact: true }).fill(en);
  await form.getByLabel(l.spanish, { exact: true }).fill(es);
  await form.getByRole('button', { name: l.add, exact: true }).click();
  await expect(form).toHaveCount(0);
}

const goTo = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

// Each language once, Spanish (the longer strings) on the smaller screen: the layout's worst case and both
// languages, within the browser suite's time.
for (const [device, viewport, language] of [
  ['phone', { width: 390, height: 844 }, 'es'],
  ['tablet', { width: 1024, height: 768 }, 'en'],
] as const) {
  test.describe(`notices and toasts (${device}, ${language})`, () => {
    test.use({ language, viewport, hasTouch: true, isMobile: device === 'phone' });

    test('a running and a finished import notice and a toast lie over no control of home, deck, study or progress', async ({
      page,
    }) => {
      test.slow();
      const l = TEXT[language];
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const res = await page.request.post('/api/decks', { data: { title: 'Words', student_id: ana.id } });
      const deck = (await res.json()) as { id: number };
      for (const [en, es] of [
        ['dog', 'perro'],
        ['cat', 'gato'],
      ] as const) {
        await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
      }
      // One import finished and not yet dismissed, then packages that take seconds each, read one
      // after another: one runs, the others wait their turn, all the while the pages are checked.
      expect((await importInBackground(page, 'animals.apkg', await smallPackage())).status()).toBe(202);
      // (Other families' packages may be ahead of it on the server's threads.)
      await expect.poll(() => importStates(page), { timeout: 60_000 }).toEqual(['done']);
      const heavy = await heavyPackage();
      for (let i = 0; i < 3; i++) expect((await importInBackground(page, `heavy-${i}.apkg`, heavy)).status()).toBe(202);

      await page.goto(`/deck/${deck.id}`);
      const notices = page.getByRole('status', { name: l.notices });
      await expect(notices.getByText(l.done)).toBeVisible();
      await expect(notices.getByText(l.running).first()).toBeVisible();
      await addCard(page, l, ['fish', 'pez']);
      await expect(page.locator('[data-sonner-toast]')).toHaveText(l.added);
      expect(await overlaps(page)).toEqual([]);

      // The toast stays while the parent moves on (for 5 seconds): on each page, nothing is covered.
      for (const path of ['/', `/study/${deck.id}`, '/progress']) {
        await goTo(page, path);
        await expect(page.locator('main h1, main h2').first()).toBeVisible();
        await expect(notices.getByText(l.running).first()).toBeVisible();
        expect(await page.locator('[data-sonner-toast]').count(), path).toBe(1);
        expect(await overlaps(page), path).toEqual([]);
      }
      await expectNoAxeViolations(page);
    });
  });
}
