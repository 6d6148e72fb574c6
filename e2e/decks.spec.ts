import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** The visible texts each journey uses, in both interface languages. */
const TEXT = {
  en: {
    title: 'Decks',
    new: 'New',
    createNew: 'Create new deck',
    importDeck: 'Import deck',
    deckTitle: 'Title',
    subtitle: 'Subtitle (optional)',
    turquoise: 'Turquoise',
    createSubmit: 'Create deck',
    noDecks: 'Nothing here yet',
    cards: (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`,
    actions: (t: string) => `Actions for ${t}`,
    rename: 'Rename',
    renameTitle: 'Rename deck',
    save: 'Save',
    duplicate: 'Duplicate',
    duplicateTitle: 'Duplicate deck',
    copyName: 'Name of the copy',
    copyOf: (t: string) => `Copy of ${t}`,
    archive: 'Archive',
    unarchive: 'Unarchive',
    archived: 'Archived',
    delete: 'Delete',
    deleteTitle: 'Delete deck?',
    deleteText: 'also deletes its cards and cannot be undone',
    view: 'View',
    edit: 'Edit',
    remove: 'Remove',
    removeTitle: 'Remove deck?',
    search: /^Search/,
    searchBox: 'Search by title or subtitle',
    showArchived: 'Show archived decks',
    clear: 'Clear',
    results: (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`,
    noResults: 'No results',
    showAll: 'Show all',
    pageOf: (x: number, y: number) => `Page ${x} of ${y}`,
    next: 'Next',
    previous: 'Previous',
    importButton: 'Import Section 1 Week 1',
    alreadyImported: 'Already Imported',
    helper: 'By Flashcards Team',
    catalogueTitle: 'Section 1 Week 1',
    catalogueSubtitle: 'Spanish vocabulary fundamentals for beginners',
    removeText:
      'Are you sure you want to remove "Section 1 Week 1" from your decks? This will only remove it from your view and won\'t affect other users.',
    study: 'Study (18)',
    addCard: 'Add card',
    close: 'Close',
  },
  es: {
    title: 'Mazos',
    new: 'Nuevo',
    createNew: 'Crear mazo nuevo',
    importDeck: 'Importar mazo',
    deckTitle: 'Título',
    subtitle: 'Subtítulo (opcional)',
    turquoise: 'Turquesa',
    createSubmit: 'Crear mazo',
    noDecks: 'Aquí no hay nada todavía',
    cards: (n: number) => `${n} ${n === 1 ? 'tarjeta' : 'tarjetas'}`,
    actions: (t: string) => `Acciones para ${t}`,
    rename: 'Renombrar',
    renameTitle: 'Renombrar mazo',
    save: 'Guardar',
    duplicate: 'Duplicar',
    duplicateTitle: 'Duplicar mazo',
    copyName: 'Nombre de la copia',
    copyOf: (t: string) => `Copia de ${t}`,
    archive: 'Archivar',
    unarchive: 'Desarchivar',
    archived: 'Archivado',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar el mazo?',
    deleteText: 'También se eliminarán sus tarjetas y no se puede deshacer',
    view: 'Ver',
    edit: 'Editar',
    remove: 'Quitar',
    removeTitle: '¿Quitar el mazo?',
    search: /^Buscar/,
    searchBox: 'Buscar por título o subtítulo',
    showArchived: 'Mostrar mazos archivados',
    clear: 'Borrar',
    results: (n: number) => `${n} ${n === 1 ? 'resultado' : 'resultados'}`,
    noResults: 'Sin resultados',
    showAll: 'Mostrar todos',
    pageOf: (x: number, y: number) => `Página ${x} de ${y}`,
    next: 'Siguiente',
    previous: 'Anterior',
    importButton: 'Importar Sección 1 Semana 1',
    alreadyImported: 'Ya importado',
    helper: 'Del equipo de Flashcards',
    catalogueTitle: 'Sección 1 Semana 1',
    catalogueSubtitle: 'Vocabulario básico de español para principiantes',
    removeText:
      '¿Seguro que quieres quitar «Sección 1 Semana 1» de tus mazos? Solo desaparecerá de tu vista y no afectará a otros usuarios.',
    study: 'Estudiar (18)',
    addCard: 'Añadir tarjeta',
    close: 'Cerrar',
  },
} as const;

async function createDeckViaApi(page: Page, title: string, studentId: number, subtitle?: string) {
  const res = await page.request.post('/api/decks', { data: { title, subtitle, student_id: studentId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

const deckCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openDeckMenu(page: Page, L: (typeof TEXT)['en' | 'es'], title: string, item: string) {
  await page.getByRole('button', { name: L.actions(title), exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`decks (${lang})`, () => {
    test.use({ language: lang });

    test('create a deck from the New menu', async ({ page }) => {
      await signUpViaApi(page);
      await createStudentViaApi(page, 'Ana');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: L.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: L.noDecks })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: L.new, exact: true }).click();
      await page.getByRole('menuitem', { name: L.createNew }).click();
      const dialog = page.getByRole('dialog', { name: L.createNew });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: L.createSubmit });
      await expect(submit).toBeDisabled();
      await expectNoAxeViolations(page);
      await dialog.getByLabel(L.deckTitle, { exact: true }).fill('Animals');
      await dialog.getByLabel(L.subtitle).fill('Farm and zoo');
      await dialog.getByRole('radio', { name: L.turquoise }).check();
      await submit.click();
      await expect(dialog).toBeHidden();

      const card = deckCard(page, 'Animals');
      await expect(card).toContainText('Farm and zoo');
      await expect(card).toContainText(L.cards(0));
      await expect(card).toContainText('Pat Parent');
      await card.getByRole('link', { name: 'Animals' }).click();
      await expect(page.getByRole('heading', { name: 'Animals', level: 1 })).toBeVisible();
    });

    test('rename, duplicate, archive, search, page through and delete', async ({ page }) => {
      test.slow(); // a whole journey with several axe scans
      await signUpViaApi(page);
      const student = await createStudentViaApi(page, 'Ben');
      for (const [title, subtitle] of [
        ['Animals', 'Farm and zoo'],
        ['Colours', undefined],
        ['Food', 'Breakfast words'],
        ['Numbers', undefined],
      ] as const) {
        await createDeckViaApi(page, title, student.id, subtitle);
      }
      await page.goto('/');

      // Newest first, 3 per page.
      await expect(page.getByText(L.pageOf(1, 2))).toBeVisible();
      await expect(deckCard(page, 'Numbers')).toBeVisible();
      await expect(deckCard(page, 'Animals')).toBeHidden();
      await page.getByRole('button', { name: L.next }).click();
      await expect(page.getByText(L.pageOf(2, 2))).toBeVisible();
      await expect(deckCard(page, 'Animals')).toBeVisible();
      await expect(page.getByRole('button', { name: L.next })).toBeDisabled();
      await page.getByRole('button', { name: L.previous }).click();
      await expect(page.getByText(L.pageOf(1, 2))).toBeVisible();

      // Rename: disabled while unchanged or empty.
      await openDeckMenu(page, L, 'Food', L.rename);
      const rename = page.getByRole('dialog', { name: L.renameTitle });
      const save = rename.getByRole('button', { name: L.save });
      await expect(save).toBeDisabled();
      await expectNoAxeViolations(page);
      await rename.getByLabel(L.deckTitle, { exact: true }).fill('');
      await expect(save).toBeDisabled();
      await rename.getByLabel(L.deckTitle, { exact: true }).fill('Fruit');
      await save.click();
      await expect(rename).toBeHidden();
      await expect(deckCard(page, 'Fruit')).toContainText('Breakfast words');

      // Duplicate with the default name.
      await openDeckMenu(page, L, 'Colours', L.duplicate);
      const duplicate = page.getByRole('dialog', { name: L.duplicateTitle });
      await expect(duplicate.getByLabel(L.copyName)).toHaveValue(L.copyOf('Colours'));
      await expectNoAxeViolations(page);
      await duplicate.getByRole('button', { name: L.duplicate }).click();
      await expect(duplicate).toBeHidden();
      await expect(deckCard(page, L.copyOf('Colours'))).toBeVisible();

      // Archive hides the deck; the archived toggle finds it again.
      await openDeckMenu(page, L, 'Numbers', L.archive);
      await expect(deckCard(page, 'Numbers')).toBeHidden();
      await page.getByRole('button', { name: L.search, expanded: false }).click();
      const clear = page.getByRole('button', { name: L.clear });
      await expect(clear).toBeDisabled();
      await expectNoAxeViolations(page);
      await page.getByLabel(L.showArchived).check();
      await expect(deckCard(page, 'Numbers')).toContainText(L.archived);
      await expect(page.getByRole('button', { name: L.search, expanded: true })).toContainText('5');
      await expect(clear).toBeEnabled();
      await openDeckMenu(page, L, 'Numbers', L.unarchive);
      await expect(deckCard(page, 'Numbers')).not.toContainText(L.archived);
      await openDeckMenu(page, L, 'Numbers', L.archive);
      await clear.click();
      await expect(clear).toBeDisabled();
      await expect(deckCard(page, 'Numbers')).toBeHidden();

      // Search: title or subtitle, case-insensitive, Enter submits.
      const box = page.getByRole('searchbox', { name: L.searchBox });
      await box.fill('FRU');
      await box.press('Enter');
      await expect(page.getByRole('button', { name: L.search, expanded: true })).toHaveAccessibleName(
        new RegExp(L.results(1)),
      );
      await expect(deckCard(page, 'Fruit')).toBeVisible();
      await expect(deckCard(page, 'Animals')).toBeHidden();
      await box.fill('zoo');
      await page.getByRole('search').getByRole('button', { name: L.search }).click();
      await expect(deckCard(page, 'Animals')).toBeVisible();
      await box.fill('nothing like this');
      await box.press('Enter');
      await expect(page.getByRole('heading', { name: L.noResults })).toBeVisible();
      await page.getByRole('button', { name: L.showAll }).click();
      await expect(box).toHaveValue('');
      await expect(page.getByText(L.pageOf(1, 2))).toBeVisible();

      // Deleting the only deck of the last page steps back a page.
      await page.getByRole('button', { name: L.next }).click();
      await expect(page.getByText(L.pageOf(2, 2))).toBeVisible();
      await openDeckMenu(page, L, 'Animals', L.delete);
      const confirm = page.getByRole('dialog', { name: L.deleteTitle });
      await expect(confirm).toContainText(L.deleteText);
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: L.delete }).click();
      await expect(confirm).toBeHidden();
      await expect(deckCard(page, 'Animals')).toBeHidden();
      await expect(deckCard(page, 'Fruit')).toBeVisible();
      await expect(page.getByText(L.pageOf(2, 2))).toBeHidden();
      const remaining = await (await page.request.get(`/api/decks?student_id=${student.id}`)).json();
      expect(remaining.map((d: { title: string }) => d.title).sort()).toEqual(
        [L.copyOf('Colours'), 'Colours', 'Fruit', 'Numbers'].sort(),
      );
    });

    test("import 'Section 1 Week 1', see it imported, study count 18, remove it", async ({ page }) => {
      test.slow(); // a whole journey with several axe scans
      await signUpViaApi(page);
      await createStudentViaApi(page, 'Cleo');
      await page.goto('/');
      await page.getByRole('button', { name: L.new, exact: true }).click();
      await page.getByRole('menuitem', { name: L.importDeck }).click();
      const panel = page.getByRole('dialog', { name: L.importDeck });
      await expect(panel.getByRole('heading', { name: L.catalogueTitle })).toBeVisible();
      await expect(panel).toContainText(L.catalogueSubtitle);
      await expect(panel).toContainText(L.helper);
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: L.importButton }).click();
      const done = panel.getByRole('button', { name: new RegExp(`^${L.alreadyImported} ${L.catalogueTitle}`) });
      await expect(done).toBeDisabled();
      await panel.getByRole('button', { name: L.close }).click();

      const card = deckCard(page, L.catalogueTitle);
      await expect(card).toContainText(L.cards(18));
      await expect(card).toContainText(L.helper);
      await card.getByRole('button', { name: L.actions(L.catalogueTitle) }).click();
      await expect(page.getByRole('menuitem', { name: L.view, exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: L.remove, exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: L.rename, exact: true })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: L.archive, exact: true })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: L.edit, exact: true })).toHaveCount(0);
      await page.getByRole('menuitem', { name: L.view, exact: true }).click();

      await expect(page.getByRole('heading', { name: L.catalogueTitle, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: L.study })).toHaveAttribute('href', /\/study\/\d+$/);
      await expect(page.getByRole('button', { name: L.addCard })).toHaveCount(0);
      await expect(page.getByRole('listitem').filter({ hasText: 'Hola' })).toBeVisible();
      await page.getByRole('button', { name: L.actions(L.catalogueTitle) }).click();
      await expect(page.getByRole('menuitem', { name: L.rename, exact: true })).toHaveCount(0);
      await page.getByRole('menuitem', { name: L.remove, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: L.removeTitle });
      await expect(confirm).toContainText(L.removeText);
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: L.remove, exact: true }).click();

      await expect(page.getByRole('heading', { name: L.title, level: 1 })).toBeVisible();
      await expect(deckCard(page, L.catalogueTitle)).toBeHidden();
      await page.getByRole('button', { name: L.new, exact: true }).click();
      await page.getByRole('menuitem', { name: L.importDeck }).click();
      await expect(
        page.getByRole('dialog', { name: L.importDeck }).getByRole('button', { name: L.importButton }),
      ).toBeEnabled();
    });
  });
}
