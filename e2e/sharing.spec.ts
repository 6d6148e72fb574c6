import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const TEXT = {
  en: {
    actions: (title: string) => `Actions for ${title}`,
    share: 'Share',
    shareTitle: (title: string) => `Share “${title}”`,
    link: 'Link',
    followers: '1 family has added this deck.',
    signInTitle: 'Sign in to see this shared deck',
    signIn: 'Sign in',
    by: (name: string) => `By ${name}`,
    add: 'Add to my decks',
    follows: 'Follows the original',
    newMenu: 'New',
    enterCode: 'Add a shared deck',
    codeLabel: 'Code or link',
    showDeck: 'Show the deck',
    added: 'This deck is already in your decks.',
    stop: 'Stop sharing',
    stopTitle: (title: string) => `Stop sharing “${title}”?`,
    notFound: 'This link does not open a deck',
  },
  es: {
    actions: (title: string) => `Acciones para ${title}`,
    share: 'Compartir',
    shareTitle: (title: string) => `Compartir «${title}»`,
    link: 'Enlace',
    followers: '1 familia ha añadido este mazo.',
    signInTitle: 'Inicia sesión para ver este mazo compartido',
    signIn: 'Iniciar sesión',
    by: (name: string) => `De ${name}`,
    add: 'Añadir a mis mazos',
    follows: 'Sigue al original',
    newMenu: 'Nuevo',
    enterCode: 'Añadir un mazo compartido',
    codeLabel: 'Código o enlace',
    showDeck: 'Ver el mazo',
    added: 'Este mazo ya está en tus mazos.',
    stop: 'Dejar de compartir',
    stopTitle: (title: string) => `¿Dejar de compartir «${title}»?`,
    notFound: 'Este enlace no abre ningún mazo',
  },
} as const;

/** Another family's phone: its own browser context, language set and introductions done, as the fixture does. */
async function otherFamily(browser: Browser, baseURL: string, lang: 'en' | 'es'): Promise<Page> {
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

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`sharing decks by link (${lang})`, () => {
    test.use({ language: lang });

    test('a teacher shares a deck, another family adds it and sees the teacher’s fix', async ({
      page,
      browser,
      baseURL,
    }) => {
      await signUpViaApi(page, 'Ms Rivera');
      const title = lang === 'en' ? 'Animals' : 'Animales';
      const deck = (await (await page.request.post('/api/decks', { data: { title } })).json()) as { id: number };
      const typo = await page.request.post('/api/cards', {
        multipart: { deck_id: String(deck.id), en: 'cat', es: 'gatto' },
      });
      expect(typo.status()).toBe(201);
      const cardId = ((await typo.json()) as { id: number }).id;

      // The teacher: deck menu → Share.
      await page.goto('/');
      await page.getByRole('button', { name: L.actions(title) }).click();
      await page.getByRole('menuitem', { name: L.share }).click();
      await expect(page.getByRole('heading', { level: 1, name: L.shareTitle(title) })).toBeVisible();
      const link = await page.getByRole('textbox', { name: L.link }).inputValue();
      expect(link).toMatch(/\/shared\/[A-Z2-9]{12}$/);
      const code = link.slice(-12);
      await expectNoAxeViolations(page);

      // Another family opens the link before signing in, signs up, and comes back to it.
      const family = await otherFamily(browser, baseURL!, lang);
      await family.goto(new URL(link).pathname);
      await expect(family.getByRole('heading', { level: 1, name: L.signInTitle })).toBeVisible();
      await family.getByRole('main').getByRole('link', { name: L.signIn }).click();
      await expect(family).toHaveURL(/\/signin$/);
      await signUpViaApi(family, 'The Garcías');
      await family.reload();
      await expect(family).toHaveURL(new RegExp(`/shared/${code}$`));
      await expect(family.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(family.getByText(L.by('Ms Rivera'))).toBeVisible();
      await expect(family.getByText('gatto')).toBeVisible();
      await expectNoAxeViolations(family);

      await family.getByRole('button', { name: L.add }).click();
      await expect(family).toHaveURL(/\/deck\/\d+$/);
      await expect(family.getByText('gatto')).toBeVisible();

      // The teacher fixes the typo; the family sees the fix.
      const fix = await page.request.put(`/api/cards/${cardId}`, { multipart: { en: 'cat', es: 'gato' } });
      expect(fix.status()).toBe(200);
      await family.reload();
      await expect(family.getByText('gato', { exact: true })).toBeVisible();
      await expect(family.getByText('gatto')).toHaveCount(0);

      // On the family's deck list: the sharer's name, and that it follows the original.
      await family.goto('/');
      const card = family.getByRole('article').filter({ hasText: title });
      await expect(card.getByText(L.by('Ms Rivera'))).toBeVisible();
      await expect(card.getByText(L.follows)).toBeVisible();

      // The short code works too, typed by hand.
      await family.getByRole('button', { name: L.newMenu, exact: true }).click();
      await family.getByRole('menuitem', { name: L.enterCode }).click();
      await family
        .getByRole('textbox', { name: L.codeLabel })
        .fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
      await expectNoAxeViolations(family);
      await family.getByRole('button', { name: L.showDeck }).click();
      await expect(family.getByText(L.added)).toBeVisible();

      // The teacher stops sharing: the family keeps the deck as its own.
      await page.reload();
      await expect(page.getByText(L.followers)).toBeVisible();
      await page.getByRole('button', { name: L.stop }).click();
      const dialog = page.getByRole('dialog', { name: L.stopTitle(title) });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.stop }).click();
      await expect(page).toHaveURL(/\/$/);

      await family.goto('/');
      await expect(family.getByRole('article').filter({ hasText: title })).toBeVisible();
      await expect(family.getByText(L.follows)).toHaveCount(0);
      await family.goto(`/shared/${code}`);
      await expect(family.getByRole('heading', { name: L.notFound })).toBeVisible();
      await family.context().close();
    });
  });
}
