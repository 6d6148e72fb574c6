import { buildApkg, heavyNotes, noteTypeId } from '../src/server/testing/apkg-fixture';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** An 8×8 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
  'base64',
);

const TEXT = {
  en: {
    newMenu: 'New',
    ankiMenu: 'Import from Anki (.apkg)',
    ankiTitle: 'Import from Anki',
    ankiFile: 'Anki package (.apkg)',
    submit: 'Import 2 notes',
    leave: 'Keep importing and close',
    running: 'Importing “animals.apkg”…',
    done: '“Spanish › Animals” is imported: 2 cards.',
    open: 'Open “Spanish › Animals”',
  },
  es: {
    newMenu: 'Nuevo',
    ankiMenu: 'Importar de Anki (.apkg)',
    ankiTitle: 'Importar de Anki',
    ankiFile: 'Paquete de Anki (.apkg)',
    submit: 'Importar 2 notas',
    leave: 'Seguir importando y cerrar',
    running: 'Importando «animals.apkg»…',
    done: '«Spanish › Animals» está importado: 2 tarjetas.',
    open: 'Abrir «Spanish › Animals»',
  },
} as const;

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];
  test.describe(`an Anki import left running (${lang})`, () => {
    test.use({ language: lang });

    test('close the dialog while it imports, and be told when it is done, after a reload too', async ({ page }) => {
      test.slow();
      await signUpViaApi(page);
      const apkg = await buildApkg({
        format: 'anki21b',
        noteTypes: [{ name: 'Vocabulary', fields: ['English', 'Spanish'] }],
        notes: [
          { type: 'Vocabulary', deck: 'Spanish::Animals', fields: ['cat <img src="cat.png">', 'el gato'] },
          { type: 'Vocabulary', deck: 'Spanish::Animals', fields: ['dog', 'el perro'] },
        ],
        media: { 'cat.png': PNG },
      });
      // Another package of the family's is being read (seconds of nested HTML), so this one waits its
      // turn: the parent has time to leave it running.
      const heavy = await buildApkg({
        format: 'anki21',
        noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
        notes: heavyNotes(600, 25),
      });
      const first = page.request.post('/api/imports/anki', {
        multipart: {
          file: { name: 'heavy.apkg', mimeType: 'application/octet-stream', buffer: heavy },
          mapping: JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } }),
        },
        timeout: 180_000,
      });

      await page.goto('/');
      await page.getByRole('button', { name: L.newMenu, exact: true }).click();
      await page.getByRole('menuitem', { name: L.ankiMenu }).click();
      const dialog = page.getByRole('dialog', { name: L.ankiTitle });
      await dialog
        .getByLabel(L.ankiFile)
        .setInputFiles({ name: 'animals.apkg', mimeType: 'application/octet-stream', buffer: apkg });
      await dialog.getByRole('button', { name: L.submit }).click({ timeout: 120_000 });
      await dialog.getByRole('button', { name: L.leave }).click();
      await expect(dialog).toBeHidden();

      // Wherever the parent is, the app says it is under way, then that it is done.
      await expect(page.getByText(L.running)).toBeVisible();
      expect((await first).status()).toBe(201);
      await expect(page.getByText(L.done)).toBeVisible({ timeout: 60_000 });
      await expectNoAxeViolations(page);

      // A reload finds it again (the server keeps it until dismissed).
      await page.reload();
      await expect(page.getByText(L.done)).toBeVisible({ timeout: 30_000 });
      await page.getByRole('link', { name: L.open }).click();
      await expect(page.getByRole('heading', { name: 'Spanish › Animals', level: 1 })).toBeVisible();
      // Opening the deck dismissed it.
      await expect(page.getByText(L.done)).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Spanish › Animals', level: 1 })).toBeVisible();
      await expect(page.getByText(L.done)).toBeHidden();
    });
  });
}
