import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { buildApkg } from '../src/server/testing/apkg-fixture';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** An 8×8 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
  'base64',
);

const TEXT = {
  en: {
    importCards: 'Import cards',
    importTitle: (t: string) => `Import cards into ${t}`,
    paste: 'Paste your list',
    file: 'Or choose a file (.csv, .tsv, .txt)',
    preview: 'Preview',
    column: (n: number) => `Column ${n}`,
    english: 'English',
    spanish: 'Spanish',
    chooseEnglish: 'Choose the column that holds the English.',
    blankEnglish: 'Row 3: the English is empty.',
    longSpanish: 'Row 5: the Spanish is longer than 500 characters.',
    problems: "2 rows can't become cards",
    skip: 'Skip these rows and import the others',
    header: 'The first row holds column names',
    submit: (n: number) => `Import ${n} cards`,
    added: (n: number, t: string) => `${n} cards added to ${t}.`,
    studyCount: (n: number) => `Study (${n})`,
    studyCard: /^Card 1 of 3, /,
    newMenu: 'New',
    ankiMenu: 'Import from Anki (.apkg)',
    ankiTitle: 'Import from Anki',
    ankiFile: 'Anki package (.apkg)',
    notAPackage: 'That file is not an Anki package (.apkg).',
    forStudent: "Each one that gets cards becomes one of Ana's decks.",
    deckNotes: 'Import Spanish › Animals (3 notes)',
    cloze: "Cloze notes can't become flashcards.",
    clozeLeftOut: '1 cloze note',
    enPronFrom: 'English pronunciation from',
    ankiSubmit: (n: number) => `Import ${n} notes`,
    done: 'Import complete.',
    newCards: 'New cards',
    pictures: 'Pictures',
    skippedCloze: 'Cloze notes: 1',
    doneButton: 'Done',
    deckMenu: (t: string) => `Actions for ${t}`,
    export: 'Export',
    exportTitle: (t: string) => `Export ${t}`,
    csv: 'Download CSV',
    apkg: 'Download Anki package (.apkg)',
    close: 'Close',
  },
  es: {
    importCards: 'Importar tarjetas',
    importTitle: (t: string) => `Importar tarjetas a ${t}`,
    paste: 'Pega tu lista',
    file: 'O elige un archivo (.csv, .tsv, .txt)',
    preview: 'Vista previa',
    column: (n: number) => `Columna ${n}`,
    english: 'Inglés',
    spanish: 'Español',
    chooseEnglish: 'Elige la columna que tiene el inglés.',
    blankEnglish: 'Fila 3: falta el inglés.',
    longSpanish: 'Fila 5: el español tiene más de 500 caracteres.',
    problems: '2 filas no pueden ser tarjetas',
    skip: 'Omitir estas filas e importar las demás',
    header: 'La primera fila tiene los nombres de las columnas',
    submit: (n: number) => `Importar ${n} tarjetas`,
    added: (n: number, t: string) => `${n} tarjetas añadidas a ${t}.`,
    studyCount: (n: number) => `Estudiar (${n})`,
    studyCard: /^Tarjeta 1 de 3, /,
    newMenu: 'Nuevo',
    ankiMenu: 'Importar de Anki (.apkg)',
    ankiTitle: 'Importar de Anki',
    ankiFile: 'Paquete de Anki (.apkg)',
    notAPackage: 'Ese archivo no es un paquete de Anki (.apkg).',
    forStudent: 'Cada uno que reciba tarjetas será un mazo de Ana.',
    deckNotes: 'Importar Spanish › Animals (3 notas)',
    cloze: 'Las notas de huecos (cloze) no pueden ser tarjetas.',
    clozeLeftOut: '1 nota de huecos (cloze)',
    enPronFrom: 'Pronunciación en inglés desde',
    ankiSubmit: (n: number) => `Importar ${n} notas`,
    done: 'Importación completada.',
    newCards: 'Tarjetas nuevas',
    pictures: 'Imágenes',
    skippedCloze: 'Notas de huecos (cloze): 1',
    doneButton: 'Listo',
    deckMenu: (t: string) => `Acciones para ${t}`,
    export: 'Exportar',
    exportTitle: (t: string) => `Exportar ${t}`,
    csv: 'Descargar CSV',
    apkg: 'Descargar paquete de Anki (.apkg)',
    close: 'Cerrar',
  },
} as const;

/** A Quizlet export (tab between term and definition, new line between rows) of a set whose terms are Spanish. */
const QUIZLET = [
  'gato\tcat; kitty',
  'perro\tdog, hound',
  'pájaro\t',
  'casa\thouse',
  `${'x'.repeat(501)}\tlong`,
  '',
].join('\n');

async function createDeck(page: Page, title: string, studentId: number | null) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

const cardItem = (page: Page, en: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(en, { exact: true }) });

// Whole journeys with uploads and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`bringing cards in and out (${lang})`, () => {
    test.use({ language: lang });

    test('paste a Quizlet export, fix the mapping, skip the rows with problems, import and study', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await createDeck(page, 'Pets', ana.id);
      await page.goto(`/deck/${deck.id}`);

      await page.getByRole('button', { name: L.importCards }).click();
      const dialog = page.getByRole('dialog', { name: L.importTitle('Pets') });
      await expect(dialog.getByRole('button', { name: L.preview })).toBeDisabled();
      await expectNoAxeViolations(page);
      await dialog.getByLabel(L.paste).fill(QUIZLET);
      await dialog.getByRole('button', { name: L.preview }).click();

      // Detected: tab between columns, the first column English. This set's terms are Spanish: fix it.
      await expect(dialog.getByRole('cell', { name: 'cat; kitty' })).toBeVisible();
      await expect(dialog.getByLabel(L.column(1))).toHaveValue('en');
      await dialog.getByLabel(L.column(1)).selectOption({ label: L.spanish });
      await expect(dialog.getByText(L.chooseEnglish)).toBeVisible();
      await dialog.getByLabel(L.column(2)).selectOption({ label: L.english });
      await expect(dialog.getByLabel(L.column(1))).toHaveValue('es');

      // Rows that cannot be cards are named, and the import waits for a choice.
      await expect(dialog.getByRole('heading', { name: L.problems })).toBeVisible();
      await expect(dialog.getByText(L.blankEnglish)).toBeVisible();
      await expect(dialog.getByText(L.longSpanish)).toBeVisible();
      const submit = dialog.getByRole('button', { name: L.submit(3) });
      await expect(submit).toBeDisabled();
      await expectNoAxeViolations(page);
      await dialog.getByLabel(L.skip).check();
      await submit.click();

      await expect(dialog).toBeHidden();
      await expect(page.getByText(L.added(3, 'Pets'))).toBeVisible();
      await expect(cardItem(page, 'cat; kitty')).toContainText('gato');
      await expect(cardItem(page, 'dog, hound')).toContainText('perro');
      await expect(cardItem(page, 'house')).toContainText('casa');

      // The mapping is remembered for the next import.
      await page.getByRole('button', { name: L.importCards }).click();
      await page.getByLabel(L.paste).fill('mesa\ttable\nsilla\tchair');
      await page.getByRole('button', { name: L.preview }).click();
      await expect(page.getByLabel(L.column(1))).toHaveValue('es');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: L.studyCount(3) }).click();
      const card = page.getByRole('button', { name: L.studyCard });
      await expect(card).toHaveAccessibleName(/cat; kitty|gato|dog, hound|perro|house|casa/);
    });

    test('import an Anki package with pictures into new decks for the current student', async ({ page }) => {
      await signUpViaApi(page);
      await createStudentViaApi(page, 'Ana');
      const apkg = await buildApkg({
        format: 'anki21b',
        noteTypes: [
          { name: 'Vocabulary', fields: ['English', 'Spanish', 'Sounds like', 'Picture'] },
          { name: 'Cloze', fields: ['Text', 'Back Extra'], cloze: true },
        ],
        notes: [
          {
            type: 'Vocabulary',
            deck: 'Spanish::Animals',
            fields: ['cat', 'el <b>gato</b>', 'kat', '<img src="cat.png">'],
          },
          { type: 'Vocabulary', deck: 'Spanish::Animals', fields: ['dog', 'el perro', 'dawg', ''] },
          { type: 'Cloze', deck: 'Spanish::Animals', fields: ['{{c1::gato}} means cat', ''] },
        ],
        media: { 'cat.png': PNG },
      });
      await page.goto('/');
      await page.getByRole('button', { name: L.newMenu, exact: true }).click();
      await page.getByRole('menuitem', { name: L.ankiMenu }).click();
      const dialog = page.getByRole('dialog', { name: L.ankiTitle });
      await expectNoAxeViolations(page);

      // A file that is not a package is refused with a message in the user's language.
      await dialog
        .getByLabel(L.ankiFile)
        .setInputFiles({ name: 'words.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from('cat,gato') });
      await expect(dialog.getByRole('alert')).toContainText(L.notAPackage);

      await dialog
        .getByLabel(L.ankiFile)
        .setInputFiles({ name: 'animals.apkg', mimeType: 'application/octet-stream', buffer: apkg });
      // Each Anki deck is listed with its notes and a checkbox to import or skip it (ticked to start).
      await expect(dialog.getByRole('checkbox', { name: L.deckNotes })).toBeChecked();
      await expect(dialog.getByText(L.forStudent)).toBeVisible();
      await expect(dialog.getByText(L.cloze)).toBeVisible();
      await expect(dialog.getByText(L.clozeLeftOut, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('cell', { name: 'gato', exact: false }).first()).toBeVisible();
      // The proposal maps English and Spanish; the pronunciation field is chosen here.
      await dialog.getByLabel(L.enPronFrom).selectOption({ label: 'Sounds like' });
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.ankiSubmit(2) }).click();

      await expect(dialog.getByText(L.done)).toBeVisible();
      await expect(dialog.getByRole('definition').filter({ hasText: /^2$/ })).toBeVisible();
      await expect(dialog.getByText(L.skippedCloze)).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.doneButton }).click();
      await expect(dialog).toBeHidden();

      // The new deck is on the list; its cards have the picture and the pronunciation.
      await page.getByRole('link', { name: 'Spanish › Animals', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Spanish › Animals', level: 1 })).toBeVisible();
      const cat = cardItem(page, 'cat');
      await expect(cat).toContainText('el gato');
      await expect(cat).toContainText('kat');
      await expect(cat.getByRole('img', { name: 'cat' })).toBeVisible();
      await expect(cardItem(page, 'dog')).toContainText('dawg');
    });

    test('export a deck as CSV and an Anki package, and import the CSV into another deck', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const colors = await createDeck(page, 'Colors', ana.id);
      const bulk = await page.request.post(`/api/decks/${colors.id}/cards/bulk`, {
        data: {
          cards: [
            { en: 'red', es: 'rojo', en_pronunciation: 'red', es_pronunciation: 'RROH-hoh' },
            { en: 'blue, light', es: 'azul "claro"' },
            { en: 'green', es: 'verde' },
          ],
        },
      });
      expect(bulk.status()).toBe(201);
      await page.goto(`/deck/${colors.id}`);

      await page.getByRole('button', { name: L.deckMenu('Colors') }).click();
      await page.getByRole('menuitem', { name: L.export }).click();
      const dialog = page.getByRole('dialog', { name: L.exportTitle('Colors') });
      await expectNoAxeViolations(page);
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: L.csv }).click(),
      ]);
      expect(csv.suggestedFilename()).toBe('colors.csv');
      const csvPath = await csv.path();
      const text = fs.readFileSync(csvPath, 'utf8');
      expect(text.startsWith('\uFEFFenglish,spanish,english_pronunciation,spanish_pronunciation\r\n')).toBe(true);
      const [apkg] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: L.apkg }).click(),
      ]);
      expect(apkg.suggestedFilename()).toBe('colors.apkg');
      expect(
        fs
          .readFileSync(await apkg.path())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      await dialog.getByRole('button', { name: L.close }).first().click();
      await expect(dialog).toBeHidden();

      const again = await createDeck(page, 'More colors', ana.id);
      await page.goto(`/deck/${again.id}`);
      await page.getByRole('button', { name: L.importCards }).click();
      const importDialog = page.getByRole('dialog', { name: L.importTitle('More colors') });
      await importDialog
        .getByLabel(L.file)
        .setInputFiles({ name: 'colors.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await expect(importDialog.getByLabel(L.header)).toBeChecked();
      await expect(importDialog.getByLabel(`${L.column(4)}: spanish_pronunciation`)).toHaveValue('es_pronunciation');
      await importDialog.getByRole('button', { name: L.submit(3) }).click();
      await expect(importDialog).toBeHidden();
      await expect(cardItem(page, 'red')).toContainText('RROH-hoh');
      await expect(cardItem(page, 'blue, light')).toContainText('azul "claro"');
      await expect(cardItem(page, 'green')).toContainText('verde');
    });
  });
}
