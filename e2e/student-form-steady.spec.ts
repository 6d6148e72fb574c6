import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Issue 28: the student form must not shift under the finger. "How {name} studies" has its strings
// downloaded on demand; the form appears once they are in, whole, so nothing in it moves afterwards.

const TEXT = {
  en: {
    accountMenu: /^Account menu for/,
    students: 'Manage students',
    editStudent: (name: string) => `Edit ${name}`,
    newStudent: 'New student',
    autoRead: 'Read each card aloud when it appears',
    howStudies: (name: string) => `How ${name} studies`,
    howNew: 'How this student studies',
    save: 'Save changes',
  },
  es: {
    accountMenu: /^Menú de la cuenta de/,
    students: 'Gestionar estudiantes',
    editStudent: (name: string) => `Editar ${name}`,
    newStudent: 'Nuevo estudiante',
    autoRead: 'Leer en voz alta cada tarjeta al aparecer',
    howStudies: (name: string) => `Cómo estudia ${name}`,
    howNew: 'Cómo estudia este alumno',
    save: 'Guardar cambios',
  },
} as const;

/**
 * Records, in the page, where the checkbox labelled `label` is the moment it is first in the
 * document (a mutation observer runs before the browser paints that frame), in `window.firstBox`.
 */
async function recordFirstPosition(page: Page, label: string) {
  await page.evaluate((text) => {
    const w = window as unknown as { firstBox?: { x: number; y: number } | null };
    w.firstBox = null;
    const find = () =>
      [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input[type="checkbox"]')].find(
        (input) => input.labels?.[0]?.textContent?.trim() === text,
      );
    const observer = new MutationObserver(() => {
      const box = find()?.getBoundingClientRect();
      if (!box) return;
      w.firstBox = { x: box.x, y: box.y };
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }, label);
}

const firstPosition = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstBox: { x: number; y: number } | null }).firstBox);

for (const language of ['en', 'es'] as const) {
  const L = TEXT[language];
  test.describe(`the student form (${language})`, () => {
    test.use({ language });

    test('opens whole: its checkbox is where it first appeared once every string has arrived', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      await createStudentViaApi(page, 'Ana');
      await page.goto('/');
      await page.getByRole('button', { name: L.accountMenu }).click();
      await page.getByRole('menuitem', { name: L.students }).click();
      const panel = page.getByRole('dialog');

      for (const [open, group] of [
        [L.editStudent('Ana'), L.howStudies('Ana')],
        [L.newStudent, L.howNew],
      ] as const) {
        await recordFirstPosition(page, L.autoRead);
        await panel.getByRole('button', { name: open }).click();
        const box = panel.getByRole('checkbox', { name: L.autoRead });
        await expect(box).toBeVisible();
        const first = await firstPosition(page);
        expect(first).not.toBeNull();
        // Settled: every string of the form in, and nothing left downloading.
        await expect(panel.getByRole('group', { name: group })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const settled = (await box.boundingBox())!;
        expect({ x: settled.x, y: settled.y }).toEqual(first);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: /^(Cancel|Cancelar)$/ }).click();
      }
    });
  });
}
