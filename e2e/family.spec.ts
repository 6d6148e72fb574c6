import type { Browser, Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const TEXT = {
  en: {
    menu: /^Account menu for/,
    settings: 'Settings',
    family: /^Family/,
    invite: 'Create an invite',
    link: 'Invite link',
    signInTitle: 'Sign in to join a family',
    signIn: 'Sign in or create an account',
    heading: (name: string) => `Join ${name}'s family`,
    moves: /your students, decks, pictures, recordings and progress come with you/,
    join: 'Join the family',
    joined: (name: string) => `You joined ${name}'s family.`,
    progress: (name: string) => `Progress for ${name}`,
    sessions: 'Study sessions',
    members: 'Adults in this family',
    notFound: /This invite is not valid/,
  },
  es: {
    menu: /^Menú de la cuenta de/,
    settings: 'Ajustes',
    family: /^Familia/,
    invite: 'Crear una invitación',
    link: 'Enlace de invitación',
    signInTitle: 'Inicia sesión para unirte a una familia',
    signIn: 'Iniciar sesión o crear una cuenta',
    heading: (name: string) => `Unirte a la familia de ${name}`,
    moves: /tus estudiantes, mazos, imágenes, grabaciones y progreso se vienen contigo/,
    join: 'Unirme a la familia',
    joined: (name: string) => `Te has unido a la familia de ${name}.`,
    progress: (name: string) => `Progreso de ${name}`,
    sessions: 'Sesiones de estudio',
    members: 'Adultos de esta familia',
    notFound: /Esta invitación no es válida/,
  },
} as const;

/** The second parent's phone: its own browser context, language set and introductions done, as the fixture does. */
async function secondParent(browser: Browser, baseURL: string, lang: 'en' | 'es'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript((l) => {
    localStorage.setItem('language', l);
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    localStorage.setItem('studyTourCompleted', 'true');
  }, lang);
  return page;
}

const tile = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });

// Two accounts, two browsers and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`families (${lang})`, () => {
    test.use({ language: lang });

    test('a parent invites another; the second parent joins by the link and sees the same child and progress', async ({
      page,
      browser,
      baseURL,
    }) => {
      await signUpViaApi(page, 'Marta');
      const child = await createStudentViaApi(page, 'Lucía');
      const deck = (await (
        await page.request.post('/api/decks', { data: { title: 'Colores', student_id: child.id } })
      ).json()) as {
        id: number;
      };
      const saved = await page.request.post('/api/study-sessions', {
        data: {
          student_id: child.id,
          deck_id: deck.id,
          cards_studied: 3,
          cards_mastered: 2,
          cards_not_mastered: 1,
          accuracy_percentage: 67,
          study_duration_seconds: 90,
        },
      });
      expect(saved.status()).toBe(201);

      // Parent 1: Settings → Family → Create an invite.
      await page.goto('/');
      await page.getByRole('button', { name: L.menu }).click();
      await page.getByRole('menuitem', { name: L.settings }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('button', { name: L.family }).click();
      await expect(panel.getByRole('heading', { name: L.members })).toBeVisible();
      await panel.getByRole('button', { name: L.invite }).click();
      const link = await panel.getByRole('textbox', { name: L.link }).inputValue();
      expect(link).toMatch(/\/join\/[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expectNoAxeViolations(page);

      // Parent 2 opens the link signed out, signs up, and comes back to it.
      const other = await secondParent(browser, baseURL!, lang);
      await other.goto(new URL(link).pathname);
      await expect(other.getByRole('heading', { level: 1, name: L.signInTitle })).toBeVisible();
      await expectNoAxeViolations(other);
      await other.getByRole('main').getByRole('link', { name: L.signIn }).click();
      await expect(other).toHaveURL(/\/signin$/);
      await signUpViaApi(other, 'Javier');
      await other.reload();
      await expect(other).toHaveURL(/\/join\/[A-Z2-9-]+$/);
      await expect(other.getByRole('heading', { name: L.heading('Marta') })).toBeVisible();
      await expect(other.getByText(L.moves)).toBeVisible();
      await expectNoAxeViolations(other);
      await other.getByRole('button', { name: L.join }).focus();
      await other.keyboard.press('Enter');
      await expect(other.getByText(L.joined('Marta'))).toBeVisible();

      // The same child and the same progress.
      await other.goto('/progress');
      await expect(other.getByRole('heading', { level: 1, name: L.progress('Lucía') })).toBeVisible();
      await expect(tile(other, L.sessions)).toContainText('1');

      // Parent 1 sees both adults; the used link now answers like a made-up one.
      await page.reload();
      await page.getByRole('button', { name: L.menu }).click();
      await page.getByRole('menuitem', { name: L.settings }).click();
      await panel.getByRole('button', { name: L.family }).click();
      await expect(panel.getByRole('listitem').getByText('Javier', { exact: true })).toBeVisible();
      await page.goto(new URL(link).pathname);
      await expect(page.getByText(L.notFound)).toBeVisible();
    });
  });
}
