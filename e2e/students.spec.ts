import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const openStudents = async (page: Page, item: RegExp) => {
  await page.getByRole('button', { name: /Account menu for|Menú de la cuenta de/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog');
};

const header = (page: Page) => page.locator('header');
const currentStudentId = (page: Page) => page.evaluate(() => localStorage.getItem('currentStudentId'));

test.describe('students', () => {
  test('add students, switch between them, edit and delete', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
    // No students: no selector.
    await expect(page.getByRole('combobox', { name: 'Current student' })).toHaveCount(0);

    const panel = await openStudents(page, /^Add student$/);
    await expect(panel.getByRole('heading', { name: 'Students', exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'No students yet' })).toBeVisible();
    await panel.getByRole('button', { name: 'Add first student' }).click();
    await expect(panel.getByRole('heading', { name: 'Add student' })).toBeVisible();

    // Validation from the shared schema, next to the fields.
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByText('This field is required.')).toBeVisible();
    await panel.getByLabel('Name').fill('Ana');
    await panel.getByLabel('Age (optional)').fill('101');
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByText('Must be at most 100.')).toBeVisible();
    await expect(panel.getByLabel('Name')).toHaveAttribute('maxlength', '50');

    await panel.getByLabel('Age (optional)').fill('7');
    await panel.getByLabel('Native language').selectOption({ label: 'English' });
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Ana' })).toContainText('English · 7 years old');
    // The first student becomes current; with one student the header shows the plain name.
    await expect(header(page).getByText('Ana')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Current student' })).toHaveCount(0);
    const anaId = await currentStudentId(page);
    expect(anaId).not.toBeNull();

    await panel.getByRole('button', { name: 'New student' }).click();
    await panel.getByLabel('Name').fill('Ben');
    await panel.getByLabel('Native language').selectOption({ label: 'Spanish' });
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Ben' })).toContainText('Spanish');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Several students: a drop-down; Ana stays current until another is picked.
    const selector = page.getByRole('combobox', { name: 'Current student' });
    await expect(selector.locator('option:checked')).toHaveText('Ana');
    await selector.selectOption({ label: 'Ben' });
    await expect(selector.locator('option:checked')).toHaveText('Ben');
    const benId = await currentStudentId(page);
    expect(benId).not.toBe(anaId);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Current student' }).locator('option:checked')).toHaveText('Ben');

    // Edit.
    await openStudents(page, /^Manage students$/);
    await panel.getByRole('button', { name: 'Edit Ben' }).click();
    await expect(panel.getByRole('heading', { name: 'Edit student' })).toBeVisible();
    await expect(panel.getByLabel('Name')).toHaveValue('Ben');
    await panel.getByLabel('Name').fill('Benji');
    await panel.getByLabel('Age (optional)').fill('9');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Benji' })).toContainText('Spanish · 9 years old');
    await page.keyboard.press('Escape');
    await expect(selector.locator('option:checked')).toHaveText('Benji');
    await openStudents(page, /^Manage students$/);

    // Deleting the current student moves to the first remaining one.
    await panel.getByRole('button', { name: 'Delete Benji' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete student' });
    await expect(confirm).toContainText('Are you sure you want to delete "Benji"?');
    await confirm.getByRole('button', { name: 'Delete student' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    expect(await currentStudentId(page)).toBe(anaId);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Current student' })).toHaveCount(0);
    await expect(header(page).getByText('Ana')).toBeVisible();
    await openStudents(page, /^Manage students$/);

    // And the last one leaves none.
    await panel.getByRole('button', { name: 'Delete Ana' }).click();
    await page.getByRole('dialog', { name: 'Delete student' }).getByRole('button', { name: 'Delete student' }).click();
    await expect(panel.getByRole('heading', { name: 'No students yet' })).toBeVisible();
    expect(await currentStudentId(page)).toBeNull();
    await page.keyboard.press('Escape');
    await expect(header(page).getByText('Ana')).toHaveCount(0);
  });

  test('the deck list follows the selected student', async ({ page }) => {
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana');
    const ben = await createStudentViaApi(page, 'Ben', 'Español');
    for (const [title, student] of [
      ['Animals for Ana', ana],
      ['Colours for Ben', ben],
    ] as const) {
      expect((await page.request.post('/api/decks', { data: { title, student_id: student.id } })).status()).toBe(201);
    }
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByText('Animals for Ana')).toBeVisible();
    await expect(main.getByText('Colours for Ben')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Current student' }).selectOption({ label: 'Ben' });
    await expect(main.getByText('Colours for Ben')).toBeVisible();
    await expect(main.getByText('Animals for Ana')).toHaveCount(0);
  });

  test('a failed create shows the SPEC message and keeps the form', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await page.route('/api/students', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: 'boom', code: 'http_error' } })
        : route.fallback(),
    );
    const panel = await openStudents(page, /^Add student$/);
    await panel.getByRole('button', { name: 'Add first student' }).click();
    await panel.getByLabel('Name').fill('Ana');
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Failed to create student. Please try again.');
    await expect(panel.getByLabel('Name')).toHaveValue('Ana');
  });

  test('axe finds no violations in the students panel, its form and the delete confirmation', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    const panel = await openStudents(page, /^Add student$/);
    await expect(panel.getByRole('heading', { name: 'No students yet' })).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Add first student' }).click();
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByText('This field is required.')).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByLabel('Name').fill('Ana');
    await panel.getByRole('button', { name: 'Add student' }).click();
    await expect(panel.getByRole('button', { name: 'Edit Ana' })).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Delete Ana' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete student' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('estudiantes en español', () => {
  test.use({ language: 'es' });

  test('añadir, cambiar, editar y eliminar estudiantes', async ({ page }) => {
    await signUpViaApi(page);
    await createStudentViaApi(page, 'Lucía', 'Español');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Mazos', level: 1 })).toBeVisible();
    await expect(header(page).getByText('Lucía')).toBeVisible();

    const panel = await openStudents(page, /^Gestionar estudiantes$/);
    await expect(panel.getByRole('heading', { name: 'Estudiantes', exact: true })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Lucía' })).toContainText('Español');
    await panel.getByRole('button', { name: 'Nuevo estudiante' }).click();
    await panel.getByRole('button', { name: 'Añadir estudiante' }).click();
    await expect(panel.getByText('Este campo es obligatorio.')).toBeVisible();
    await panel.getByLabel('Nombre').fill('Mateo');
    await panel.getByLabel('Edad (opcional)').fill('8');
    await panel.getByLabel('Lengua materna').selectOption({ label: 'Inglés' });
    await panel.getByRole('button', { name: 'Añadir estudiante' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Mateo' })).toContainText('Inglés · 8 años');
    await page.keyboard.press('Escape');

    const selector = page.getByRole('combobox', { name: 'Estudiante actual' });
    await expect(selector.locator('option:checked')).toHaveText('Lucía');
    await selector.selectOption({ label: 'Mateo' });
    await expect(selector.locator('option:checked')).toHaveText('Mateo');

    await openStudents(page, /^Gestionar estudiantes$/);
    await panel.getByRole('button', { name: 'Editar Mateo' }).click();
    await expect(panel.getByRole('heading', { name: 'Editar estudiante' })).toBeVisible();
    await panel.getByLabel('Nombre').fill('Mateo G.');
    await panel.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Mateo G.' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(selector.locator('option:checked')).toHaveText('Mateo G.');

    await openStudents(page, /^Gestionar estudiantes$/);
    await panel.getByRole('button', { name: 'Eliminar Mateo G.' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar estudiante' });
    await expect(confirm).toContainText('¿Seguro que quieres eliminar a «Mateo G.»?');
    await confirm.getByRole('button', { name: 'Eliminar estudiante' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(header(page).getByText('Lucía')).toBeVisible();
  });
});

const SEVERAL = {
  en: {
    menu: /^Manage students$/,
    addSeveral: 'Add several',
    names: 'Names, one a line',
    preview: /4 students will be added\. 1 row needs fixing first\./,
    ageProblem: 'An age is a whole number from 1 to 100.',
    submit: 'Add 4 students',
    give: 'Give them the same decks?',
    giveSubmit: 'Give 1 deck to everyone',
    given: 'The decks now belong to every student.',
  },
  es: {
    menu: /^Gestionar estudiantes$/,
    addSeveral: 'Añadir varios',
    names: 'Nombres, uno por línea',
    preview: /Se añadirán 4 estudiantes\. Antes hay que corregir 1 fila\./,
    ageProblem: 'La edad es un número entero de 1 a 100.',
    submit: 'Añadir 4 estudiantes',
    give: '¿Les das los mismos mazos?',
    giveSubmit: 'Dar 1 mazo a todos',
    given: 'Los mazos ahora son de todos los estudiantes.',
  },
} as const;

for (const [lang, viewport] of [
  ['en', { width: 390, height: 844 }],
  ['es', { width: 1280, height: 800 }],
] as const) {
  test.describe(`add several students (${lang}, ${viewport.width} px)`, () => {
    test.use({ language: lang, viewport });
    test.beforeEach(() => test.slow());

    test('a column pasted from a spreadsheet is previewed, created all at once and given the same deck', async ({
      page,
    }) => {
      const L = SEVERAL[lang];
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const deck = await page.request.post('/api/decks', { data: { title: 'Animals', student_id: ana.id } });
      expect(deck.status()).toBe(201);
      await page.goto('/');

      const panel = await openStudents(page, L.menu);
      await panel.getByRole('button', { name: L.addSeveral }).click();
      // What a spreadsheet copies: a header row, then name and age separated by tabs.
      await panel.getByLabel(L.names).fill('Name\tAge\nBen Ortiz\t7\nCleo\t\nDario\tseven\nEva\t8\n');
      await expect(panel.getByText(L.preview)).toBeVisible();
      await expect(panel.getByRole('listitem').filter({ hasText: 'Dario' })).toContainText(L.ageProblem);
      await expect(panel.getByRole('button', { name: L.submit })).toBeDisabled();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await panel.getByLabel(L.names).fill('Name\tAge\nBen Ortiz\t7\nCleo\t\nDario\t9\nEva\t8\n');
      await panel.getByRole('button', { name: L.submit }).click();
      await expect(panel.getByRole('heading', { name: L.give })).toBeVisible();
      const students = (await (await page.request.get('/api/students')).json()) as { name: string; age: number }[];
      expect(students.map((s) => [s.name, s.age])).toEqual([
        ['Ana', null],
        ['Ben Ortiz', 7],
        ['Cleo', null],
        ['Dario', 9],
        ['Eva', 8],
      ]);

      await panel.getByRole('checkbox', { name: 'Animals' }).check();
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: L.giveSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: L.given })).toBeAttached();
      const eva = (students as unknown as { id: number; name: string }[]).find((s) => s.name === 'Eva')!;
      const evas = (await (await page.request.get(`/api/decks?student_id=${eva.id}`)).json()) as { title: string }[];
      expect(evas.map((d) => d.title)).toEqual(['Animals']);
    });
  });
}
