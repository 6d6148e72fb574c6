import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** An 8×8 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
  'base64',
);

const TEXT = {
  en: {
    back: 'Back to decks',
    study: 'Study',
    studyCount: (n: number) => `Study (${n})`,
    noCards: 'No cards yet',
    addCard: 'Add card',
    addFirst: 'Add your first card',
    addTitle: 'Add card',
    editTitle: 'Edit card',
    picture: 'Picture (optional)',
    preview: 'Preview of the chosen picture',
    current: 'Current picture',
    removePicture: 'Remove picture',
    willRemove: 'The picture will be removed when you save.',
    english: 'English',
    enPron: 'English pronunciation (optional)',
    spanish: 'Spanish',
    esPron: 'Spanish pronunciation (optional)',
    submitEdit: 'Save changes',
    required: 'This field is required.',
    notPicture: 'That file is not a picture we can use',
    cardMenu: (t: string) => `Actions for card ${t}`,
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: 'Delete card?',
    deckMenu: (t: string) => `Actions for ${t}`,
    rename: 'Rename',
    renameTitle: 'Rename deck',
    title: 'Title',
    save: 'Save',
    notFound: 'Deck not found',
    goHome: 'Go home',
    decks: 'Decks',
  },
  es: {
    back: 'Volver a los mazos',
    study: 'Estudiar',
    studyCount: (n: number) => `Estudiar (${n})`,
    noCards: 'Todavía no hay tarjetas',
    addCard: 'Añadir tarjeta',
    addFirst: 'Añade tu primera tarjeta',
    addTitle: 'Añadir tarjeta',
    editTitle: 'Editar tarjeta',
    picture: 'Imagen (opcional)',
    preview: 'Vista previa de la imagen elegida',
    current: 'Imagen actual',
    removePicture: 'Quitar imagen',
    willRemove: 'La imagen se quitará al guardar.',
    english: 'Inglés',
    enPron: 'Pronunciación en inglés (opcional)',
    spanish: 'Español',
    esPron: 'Pronunciación en español (opcional)',
    submitEdit: 'Guardar cambios',
    required: 'Este campo es obligatorio.',
    notPicture: 'no es una imagen',
    cardMenu: (t: string) => `Acciones para la tarjeta ${t}`,
    edit: 'Editar',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar la tarjeta?',
    deckMenu: (t: string) => `Acciones para ${t}`,
    rename: 'Renombrar',
    renameTitle: 'Renombrar mazo',
    title: 'Título',
    save: 'Guardar',
    notFound: 'Mazo no encontrado',
    goHome: 'Ir al inicio',
    decks: 'Mazos',
  },
} as const;

const cardItem = (page: Page, en: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(en, { exact: true }) });

/** True once the <img> has decoded real pixels. */
const isLoaded = (img: ReturnType<Page['getByRole']>) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`deck detail and cards (${lang})`, () => {
    test.use({ language: lang });

    test('add cards with and without a picture, edit and delete them', async ({ page }) => {
      test.slow(); // a whole journey with several axe scans
      await signUpViaApi(page);
      const student = await createStudentViaApi(page, 'Dani');
      const res = await page.request.post('/api/decks', {
        data: { title: 'Pets', subtitle: 'At home', student_id: student.id },
      });
      const deck = (await res.json()) as { id: number };
      await page.goto(`/deck/${deck.id}`);

      await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();
      await expect(page.getByText('At home')).toBeVisible();
      await expect(page.getByRole('button', { name: L.study, exact: true })).toBeDisabled();
      await expect(page.getByRole('heading', { name: L.noCards })).toBeVisible();
      await expectNoAxeViolations(page);

      // A card with a picture.
      await page.getByRole('button', { name: L.addFirst }).click();
      let dialog = page.getByRole('dialog', { name: L.addTitle });
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(dialog.getByText(L.required)).toHaveCount(2);
      await dialog.getByLabel(L.english, { exact: true }).fill('Cat');
      await dialog.getByLabel(L.enPron).fill('kat');
      await dialog.getByLabel(L.spanish, { exact: true }).fill('Gato');
      await dialog.getByLabel(L.esPron).fill('GAH-toh');
      await dialog.getByLabel(L.picture).setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: PNG });
      await expect(dialog.getByRole('img', { name: L.preview })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(dialog).toBeHidden();
      const cat = cardItem(page, 'Cat');
      await expect(cat).toContainText('Gato');
      await expect(cat).toContainText('kat');
      await expect(cat).toContainText('GAH-toh');
      const picture = cat.getByRole('img', { name: 'Cat' });
      await expect(picture).toBeVisible();
      await expect.poll(() => isLoaded(picture)).toBe(true);

      // A card without a picture; a file that is not a picture is refused by the server.
      await page.getByRole('button', { name: L.addCard }).click();
      dialog = page.getByRole('dialog', { name: L.addTitle });
      await dialog.getByLabel(L.english, { exact: true }).fill('Dog');
      await dialog.getByLabel(L.spanish, { exact: true }).fill('Perro');
      await dialog
        .getByLabel(L.picture)
        .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(dialog.getByRole('alert')).toContainText(L.notPicture);
      await dialog.getByRole('button', { name: L.removePicture }).click();
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(dialog).toBeHidden();
      const dog = cardItem(page, 'Dog');
      await expect(dog).toContainText('Perro');
      await expect(dog.getByRole('img')).toHaveCount(0);
      await expect(page.getByRole('link', { name: L.studyCount(2) })).toHaveAttribute('href', `/study/${deck.id}`);

      // Edit: the current picture is shown and can be removed; texts change.
      await page.getByRole('button', { name: L.cardMenu('Cat') }).click();
      await page.getByRole('menuitem', { name: L.edit }).click();
      dialog = page.getByRole('dialog', { name: L.editTitle });
      await expect(dialog.getByLabel(L.english, { exact: true })).toHaveValue('Cat');
      await expect(dialog.getByRole('img', { name: L.current })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.removePicture }).click();
      await expect(dialog.getByText(L.willRemove)).toBeVisible();
      await dialog.getByLabel(L.spanish, { exact: true }).fill('Gatito');
      await dialog.getByRole('button', { name: L.submitEdit }).click();
      await expect(dialog).toBeHidden();
      await expect(cardItem(page, 'Cat')).toContainText('Gatito');
      await expect(cardItem(page, 'Cat').getByRole('img')).toHaveCount(0);

      // Edit: give the dog a picture.
      await page.getByRole('button', { name: L.cardMenu('Dog') }).click();
      await page.getByRole('menuitem', { name: L.edit }).click();
      dialog = page.getByRole('dialog', { name: L.editTitle });
      await dialog.getByLabel(L.picture).setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByRole('button', { name: L.submitEdit }).click();
      await expect(dialog).toBeHidden();
      await expect(cardItem(page, 'Dog').getByRole('img', { name: 'Dog' })).toBeVisible();

      // Delete with confirmation.
      await page.getByRole('button', { name: L.cardMenu('Cat') }).click();
      await page.getByRole('menuitem', { name: L.delete }).click();
      const confirm = page.getByRole('dialog', { name: L.deleteTitle });
      await expect(confirm).toContainText('Cat');
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: L.delete }).click();
      await expect(confirm).toBeHidden();
      await expect(cardItem(page, 'Cat')).toHaveCount(0);
      await expect(page.getByRole('link', { name: L.studyCount(1) })).toBeVisible();

      // Rename from the detail menu, then back home.
      await page.getByRole('button', { name: L.deckMenu('Pets') }).click();
      await page.getByRole('menuitem', { name: L.rename }).click();
      const rename = page.getByRole('dialog', { name: L.renameTitle });
      await rename.getByLabel(L.title, { exact: true }).fill('My pets');
      await rename.getByRole('button', { name: L.save }).click();
      await expect(page.getByRole('heading', { name: 'My pets', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: L.back }).click();
      await expect(page.getByRole('heading', { name: L.decks, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'My pets' })).toBeVisible();
    });

    test('an unknown deck shows the not-found screen', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/deck/999999');
      await expect(page.getByRole('heading', { name: L.notFound })).toBeVisible();
      await page.getByRole('link', { name: L.goHome }).click();
      await expect(page.getByRole('heading', { name: L.decks, level: 1 })).toBeVisible();
    });
  });
}
