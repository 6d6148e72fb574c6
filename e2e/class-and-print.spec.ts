import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTjuDFTEMLQkAuYZZQQ0kCIcAAAAASUVORK5CYII=',
  'base64',
);

const TEXT = {
  en: {
    views: 'Progress views',
    all: 'All students',
    heading: 'All students',
    reviews: 'Reviews (7 days)',
    student: 'Student',
    download: 'Download CSV',
    header: 'Student,Due today,Reviews (7 days),Accuracy (30 days),Cards learned,Last studied',
    progressOf: (name: string) => `Progress for ${name}`,
    empty: 'No students yet',
    never: 'Never',
    give: 'Give decks to the whole class',
    giveSubmit: 'Give 2 decks to everyone',
    given: 'Colours, Animals now belong to every student.',
    actions: (title: string) => `Actions for ${title}`,
    printMenu: 'Print cards',
    printTitle: (title: string) => `Print cards: ${title}`,
    letter: 'Letter',
    print: 'Print',
    sheet: (n: number, face: 'front' | 'back') => `Sheet ${n}: ${face === 'front' ? 'fronts' : 'backs'}`,
  },
  es: {
    views: 'Vistas del progreso',
    all: 'Todos los estudiantes',
    heading: 'Todos los estudiantes',
    reviews: 'Repasos (7 días)',
    student: 'Estudiante',
    download: 'Descargar CSV',
    header: 'Estudiante,Para hoy,Repasos (7 días),Acierto (30 días),Tarjetas aprendidas,Último estudio',
    progressOf: (name: string) => `Progreso de ${name}`,
    empty: 'Aún no hay estudiantes',
    never: 'Nunca',
    give: 'Dar mazos a toda la clase',
    giveSubmit: 'Dar 2 mazos a todos',
    given: 'Colours, Animals ahora son de todos los estudiantes.',
    actions: (title: string) => `Acciones para ${title}`,
    printMenu: 'Imprimir tarjetas',
    printTitle: (title: string) => `Imprimir tarjetas: ${title}`,
    letter: 'Carta',
    print: 'Imprimir',
    sheet: (n: number, face: 'front' | 'back') => `Hoja ${n}: ${face === 'front' ? 'anversos' : 'reversos'}`,
  },
} as const;

/** A deck of the student with `count` cards "word N" / "palabra N"; the first has a picture. */
async function seedDeck(page: Page, studentId: number, title: string, count: number) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  const cards: number[] = [];
  for (let i = 1; i <= count; i++) {
    const card = await page.request.post('/api/cards', {
      multipart: {
        deck_id: String(deck.id),
        en: `word ${i}`,
        es: `palabra ${i}`,
        ...(i === 1
          ? { en_pronunciation: 'wurd', front_image: { name: 'cat.png', mimeType: 'image/png', buffer: PNG } }
          : {}),
      },
    });
    expect(card.status()).toBe(201);
    cards.push(((await card.json()) as { id: number }).id);
  }
  return { id: deck.id, cards };
}

async function answer(page: Page, studentId: number, results: [number, boolean][]) {
  const res = await page.request.post('/api/card-performance', {
    data: { student_id: studentId, card_results: results.map(([card_id, is_correct]) => ({ card_id, is_correct })) },
  });
  expect(res.status()).toBe(201);
}

const firstColumn = (page: Page) => page.getByRole('table').getByRole('rowheader');

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`class at a glance (${lang})`, () => {
    test.use({ language: lang });

    test('lists every student with figures, sorts, downloads the CSV and opens a student', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const ben = await createStudentViaApi(page, 'Ben');
      await createStudentViaApi(page, 'Cleo');
      const anas = await seedDeck(page, ana.id, 'Animals', 3);
      const bens = await seedDeck(page, ben.id, 'Colours', 1);
      await answer(page, ana.id, [
        [anas.cards[0]!, true],
        [anas.cards[1]!, true],
        [anas.cards[2]!, false],
      ]);
      await answer(page, ben.id, [[bens.cards[0]!, true]]);

      await page.goto('/progress');
      await page.getByRole('navigation', { name: L.views }).getByRole('link', { name: L.all }).click();
      await expect(page).toHaveURL(/\/progress\/all$/);
      await expect(page.getByRole('heading', { level: 1, name: L.heading })).toBeVisible();
      await expect(firstColumn(page)).toHaveText(['Ana', 'Ben', 'Cleo']);
      const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      // Ana: 3 answers this week, 2 recalled; Ben: 1 of 1; Cleo: nothing yet.
      await expect(row('Ana').getByRole('cell')).toHaveText(['0', '3', /^67\s?%$/, '0', /\S/]);
      await expect(row('Ben').getByRole('cell').nth(2)).toHaveText(/^100\s?%$/);
      await expect(row('Cleo').getByRole('cell').nth(4)).toHaveText(L.never);
      await expectNoAxeViolations(page);

      const reviews = page.getByRole('columnheader', { name: L.reviews });
      await page.getByRole('button', { name: L.reviews }).click();
      await expect(reviews).toHaveAttribute('aria-sort', 'descending');
      await expect(firstColumn(page)).toHaveText(['Ana', 'Ben', 'Cleo']);
      await page.getByRole('button', { name: L.reviews }).click();
      await expect(reviews).toHaveAttribute('aria-sort', 'ascending');
      await expect(firstColumn(page)).toHaveText(['Cleo', 'Ben', 'Ana']);
      await expect(page.getByRole('columnheader', { name: L.student })).not.toHaveAttribute('aria-sort');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: L.download }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toBe(L.header);
      // In the order on screen.
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
        'Cleo,0,0,',
        'Ben,0,1,100',
        'Ana,0,3,67',
      ]);

      await page.getByRole('link', { name: 'Ben', exact: true }).click();
      await expect(page).toHaveURL(/\/progress$/);
      await expect(page.getByRole('heading', { level: 1, name: L.progressOf('Ben') })).toBeVisible();
    });

    test('gives decks of one student to the whole class, on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana');
      const ben = await createStudentViaApi(page, 'Ben');
      const cleo = await createStudentViaApi(page, 'Cleo');
      await seedDeck(page, ana.id, 'Animals', 2);
      await seedDeck(page, ben.id, 'Colours', 1);
      await seedDeck(page, ben.id, 'Numbers', 1);

      await page.goto('/progress/all');
      await page.getByRole('button', { name: L.give }).click();
      const dialog = page.getByRole('dialog', { name: L.give });
      await expect(dialog.getByRole('checkbox')).toHaveCount(3);
      await dialog.getByRole('checkbox', { name: 'Animals' }).check();
      await dialog.getByRole('checkbox', { name: 'Colours' }).check();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await dialog.getByRole('button', { name: L.giveSubmit }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: L.given })).toBeVisible();

      // Every student, Cleo who had none, now has both; Numbers stays Ben's.
      for (const id of [ana.id, ben.id, cleo.id]) {
        const decks = (await (await page.request.get(`/api/decks?student_id=${id}`)).json()) as { title: string }[];
        expect(
          decks
            .map((d) => d.title)
            .filter((title) => title !== 'Numbers')
            .sort(),
        ).toEqual(['Animals', 'Colours']);
      }
      const cleos = (await (await page.request.get(`/api/decks?student_id=${cleo.id}`)).json()) as { title: string }[];
      expect(cleos.map((d) => d.title)).not.toContain('Numbers');
      await page.getByRole('button', { name: L.give }).click();
      await expect(page.getByRole('dialog', { name: L.give }).getByRole('checkbox')).toHaveCount(1);
    });

    test('fits a phone and says when there are no students', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signUpViaApi(page);
      await page.goto('/progress/all');
      await expect(page.getByRole('heading', { name: L.empty })).toBeVisible();
      await expectNoAxeViolations(page);

      for (const name of ['Alejandra Montserrat', 'Bartolomé', 'Constantino']) await createStudentViaApi(page, name);
      await page.reload();
      await expect(firstColumn(page)).toHaveCount(3);
      // The table scrolls inside its frame; the page itself does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`printable cards (${lang})`, () => {
    test.use({ language: lang });

    test('lays out 8 cards a sheet, backs mirrored, on A4 and Letter, with the pictures', async ({ page }) => {
      await signUpViaApi(page);
      const kid = await createStudentViaApi(page, 'Ana');
      const deck = await seedDeck(page, kid.id, 'Farm', 10);

      await page.goto('/');
      await page.getByRole('button', { name: L.actions('Farm'), exact: true }).click();
      await page.getByRole('menuitem', { name: L.printMenu, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/deck/${deck.id}/print$`));
      await expect(page.getByRole('heading', { level: 1, name: L.printTitle('Farm') })).toBeVisible();
      await expect(page.getByRole('button', { name: L.print })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: L.print })).toBeHidden();
      await expect(page.getByRole('banner')).toBeHidden();
      const sheet = (n: number, face: 'front' | 'back') => page.getByRole('list', { name: L.sheet(n, face) });
      await expect(sheet(1, 'front').getByRole('listitem')).toHaveText(
        Array.from({ length: 8 }, (_, i) => new RegExp(`^word ${i + 1}`)),
      );
      // Each row of the backs runs right to left, so a long-edge flip puts every back behind its front.
      await expect(sheet(1, 'back').getByRole('listitem')).toHaveText(
        [2, 1, 4, 3, 6, 5, 8, 7].map((n) => new RegExp(`^palabra ${n}$`)),
      );
      await expect(sheet(2, 'front').getByRole('listitem')).toHaveText([/^word 9$/, /^word 10$/]);
      await expect(sheet(2, 'back').getByRole('listitem')).toHaveText([/^palabra 10$/, /^palabra 9$/]);

      // Places on the paper: 2 columns × 4 rows, the back of card 1 opposite its front's column.
      const box = async (list: ReturnType<typeof sheet>, text: string) =>
        (await list
          .getByRole('listitem')
          .filter({ hasText: new RegExp(`^${text}`) })
          .boundingBox())!;
      const front1 = await box(sheet(1, 'front'), 'word 1');
      const front2 = await box(sheet(1, 'front'), 'word 2');
      const front3 = await box(sheet(1, 'front'), 'word 3');
      const back1 = await box(sheet(1, 'back'), 'palabra 1');
      const back2 = await box(sheet(1, 'back'), 'palabra 2');
      expect(front2.x).toBeGreaterThan(front1.x);
      expect(front3.y).toBeGreaterThan(front1.y);
      expect(Math.abs(front3.x - front1.x)).toBeLessThan(1);
      expect(Math.abs(back1.x - front2.x)).toBeLessThan(1);
      expect(Math.abs(back2.x - front1.x)).toBeLessThan(1);

      // The picture of card 1 on its front and on its back (the card has one picture).
      for (const [list, text] of [
        [sheet(1, 'front'), /^word 1/],
        [sheet(1, 'back'), /^palabra 1$/],
      ] as const) {
        const img = list.getByRole('listitem').filter({ hasText: text }).locator('img');
        await expect(img).toHaveJSProperty('complete', true);
        expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      }
      await expect(page.locator('main img')).toHaveCount(2);

      // 10 cards: 2 sheets, each a page of fronts and a page of backs.
      const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
      const mediaBoxes = (pdf: Buffer) => [
        ...new Set([...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[([^\]]+)\]/g)].map((m) => m[1]!.trim())),
      ];
      const a4 = await page.pdf({ format: 'A4' });
      expect(pages(a4)).toBe(4);
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('radio', { name: L.letter }).check();
      await page.emulateMedia({ media: 'print' });
      const letter = await page.pdf({ format: 'Letter' });
      expect(pages(letter)).toBe(4);
      // The page's own @page size is Letter (612 × 792 pt).
      const own = await page.pdf({ preferCSSPageSize: true });
      expect(pages(own)).toBe(4);
      expect(mediaBoxes(own).map((b) => b.split(/\s+/).map(Number).map(Math.round))).toEqual([[0, 0, 612, 792]]);
    });
  });
}
