import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

let counter = 0;
/** A unique email for this run. */
export const uniqueEmail = (prefix = 'parent') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

export const PASSWORD = 'correct horse battery';

interface Options {
  /** Interface language set before the first page load. */
  language: 'en' | 'es';
  /** Mark onboarding and tours as done, so a test lands on the deck list. */
  skipIntro: boolean;
}

/** `test` with baseURL pointing at the app started by global-setup, language and intro options. */
export const test = base.extend<Options>({
  language: ['en', { option: true }],
  skipIntro: [true, { option: true }],
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  page: async ({ page, language, skipIntro }, use) => {
    await page.addInitScript(
      ([lang, skip]) => {
        if (sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('language', lang as string);
        if (skip) {
          localStorage.setItem('onboardingCompleted', 'true');
          localStorage.setItem('productTourCompleted', 'true');
          localStorage.setItem('studyTourCompleted', 'true');
        }
      },
      [language, skipIntro] as const,
    );
    await use(page);
  },
});
export { expect };

/** Creates an account through the API (the page's context keeps the session cookie). */
export async function signUpViaApi(page: Page, name = 'Pat Parent') {
  const email = uniqueEmail();
  const res = await page.request.post('/api/auth/local/signup', { data: { email, password: PASSWORD, name } });
  expect(res.status()).toBe(201);
  return { email, name, password: PASSWORD };
}

/** Creates a student through the API and returns it. */
export async function createStudentViaApi(page: Page, name: string, nativeLanguage = 'English') {
  const res = await page.request.post('/api/students', { data: { name, native_language: nativeLanguage } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** Creates a deck for the student through the API with the given cards ([en, es] each) and returns it. */
export async function createDeckViaApi(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
  }
  return deck;
}

/** Fails with the list of axe violations (WCAG 2.x A/AA) on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // The page as people read it, not halfway through a fade: a toast fading in (sonner's transition
  // on opacity) measured mid-way fails color-contrast at random. Two frames let a just-mounted toast
  // start its transition; then every finite animation or transition is waited for (a spinner's
  // endless one is not), and again until two frames pass with none running: a toast that arrives
  // while another settles starts its own fade later (seen once in CI after "Nuke It").
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // Only violations are collected in full (passes and the rest would be thrown away): a sixth less time per check.
  // (options() replaces every option, the tags' runOnly too: it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
