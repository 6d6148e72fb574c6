import type { Page } from '@playwright/test';
import { createDeckViaApi, createStudentViaApi, expect, signUpViaApi, test } from './fixtures';

// How the first screen is fetched (ARCHITECTURE.md "First view"): its reads start from index.html's
// early script and its page's code is named in the HTML, so neither waits for the app's code to run.
test('a deep link names its page code in the HTML, and the first screen reads each thing once', async ({ page }) => {
  await signUpViaApi(page);
  const student = await createStudentViaApi(page, 'Leo');
  const res = await page.request.post('/api/decks', { data: { title: 'Farm animals', student_id: student.id } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };

  const html = await (await page.request.get(`/deck/${deck.id}`)).text();
  // The page's own chunk comes first in the list.
  const deckCode = /<link rel="modulepreload" crossorigin href="(\/assets\/deck-[\w-]+\.js)">/.exec(html)?.[1];
  expect(deckCode).toBeTruthy();
  expect(html).toMatch(/<script>\(function\(\)\{.*window\.earlyReads=/);
  const home = await (await page.request.get('/')).text();
  expect(home).not.toMatch(/href="\/assets\/deck-/);
  // A study session's link names its own code, not the review's (loaded only for ?mode=review).
  const study = await (await page.request.get(`/study/${deck.id}`)).text();
  expect(study).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/study-/);
  expect(study).not.toMatch(/href="\/assets\/review-/);

  // First visit: the app notes the device as signed in with its current student.
  await page.goto('/');
  await expect(page.getByText('Farm animals')).toBeVisible();

  // Returning: every read the first screen makes is sent once (by the early script, taken by the app).
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/'))
      reads.push(r.url().replace(/^https?:\/\/[^/]+/, ''));
  });
  await page.reload();
  await expect(page.getByText('Farm animals')).toBeVisible();
  const seen = [...reads];
  expect(seen).toEqual(expect.arrayContaining(['/api/users/me', '/api/students']));
  expect(seen.some((u) => u.startsWith(`/api/decks?student_id=${student.id}&tz=`))).toBe(true);
  expect(seen.length, seen.join(' ')).toBe(new Set(seen).size);
  expect(await page.evaluate(() => window.earlyReads === undefined)).toBe(true);

  // The deck page: its code, named in the HTML, downloads once.
  await page.goto(`/deck/${deck.id}`);
  await expect(page.getByRole('heading', { name: 'Farm animals' })).toBeVisible();
  const downloads = await page.evaluate(
    (file) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === file).length,
    deckCode,
  );
  expect(downloads).toBe(1);
});

// Before anything is shown, the browser downloads no script: the early reads and the theme boot are
// inline in the head, first, allowed by the CSP by their hashes (src/server/http/static.ts).
test('the head runs the early reads and the theme inline, allowed by the CSP, before any download', async ({
  page,
}) => {
  await signUpViaApi(page);
  await createStudentViaApi(page, 'Leo');
  const res = await page.request.get('/');
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  // No classic script with a file: one would hold the first paint until it has downloaded.
  const scripts = head.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.filter((tag) => /\bsrc=/.test(tag) && !/type="module"/.test(tag))).toEqual([]);
  // The two inline scripts come first, before any stylesheet (a script after one waits for it).
  const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m.index);
  expect(inline).toHaveLength(2);
  expect(head.indexOf('earlyReads')).toBeLessThan(head.indexOf('--color-'));
  expect(Math.max(...inline)).toBeLessThan(head.search(/<link rel="stylesheet"|<script type="module"/));
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/);

  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => (w.__violations as string[]).push(e.blockedURI));
    let reads: unknown;
    Object.defineProperty(window, 'earlyReads', {
      configurable: true,
      get: () => reads,
      set: (value) => {
        reads = value;
        if (value) w.__earlyReadsSent = (value as Map<string, unknown>).size;
      },
    });
    // Before the app's code runs: what the theme boot set.
    document.addEventListener('DOMContentLoaded', () => {
      w.__primaryAtParse = document.documentElement.style.getPropertyValue('--color-primary');
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
  // A returning visit: the first one has kept who is signed in and the current student.
  await page.waitForFunction(
    () => localStorage.getItem('signedIn') === 'true' && localStorage.getItem('currentStudentId') !== null,
  );
  await page.evaluate(() => localStorage.setItem('theme', 'royal'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
  const seen = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { violations: w.__violations, sent: w.__earlyReadsSent, primary: w.__primaryAtParse };
  });
  expect(seen.violations).toEqual([]);
  // Signed in with a current student: the user, the students, the decks and the review.
  expect(seen.sent).toBe(4);
  expect(seen.primary).toBe('#5b2d9e');
});

/** Notes when an element matching `selector` first enters the page (`window.__shownAt`, ms). */
async function noteWhenShown(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __shownAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector(sel)) return;
      w.__shownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** When each download matching `pattern` started, and when the noted element entered the page (ms). */
async function startsAfterShown(page: Page, pattern: RegExp) {
  return page.evaluate((source) => {
    const re = new RegExp(source);
    const shown = (window as unknown as { __shownAt?: number }).__shownAt ?? Infinity;
    const starts = performance
      .getEntriesByType('resource')
      .filter((e) => re.test(new URL(e.name).pathname))
      .map((e) => e.startTime);
    return { shown, starts };
  }, pattern.source);
}

// The progress page shows its summary first: what lies below it (the play modes' strings, the
// predictions' code and read, every deck) comes once that has been painted (bench/README.md,
// Lighthouse). Before, the first render itself asked for the predictions' code.
test('progress shows its summary before the code and reads of what is below it', async ({ page }) => {
  await signUpViaApi(page);
  const student = await createStudentViaApi(page, 'Leo');
  const deck = await createDeckViaApi(page, student.id, 'Farm animals', [['cow', 'la vaca']]);
  const session = await page.request.post('/api/study-sessions', {
    data: {
      student_id: student.id,
      deck_id: deck.id,
      cards_studied: 1,
      cards_mastered: 1,
      cards_not_mastered: 0,
      accuracy_percentage: 100,
      study_duration_seconds: 30,
    },
  });
  expect(session.status()).toBe(201);
  await page.goto('/');
  await page.waitForFunction(() => localStorage.getItem('currentStudentId') !== null);

  await noteWhenShown(page, 'main#main dl');
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress for Leo' })).toBeVisible();
  // Everything is there in the end: the play modes, the predictions, the decks.
  await expect(page.getByRole('heading', { name: /^Ways of playing/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /How well we predict Leo/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Farm animals' })).toBeVisible();
  // A download is listed once it has finished, which the heading does not wait for.
  const belowFold = /\/assets\/prediction-section-[\w-]+\.js$|\/schedule$/;
  await expect.poll(async () => (await startsAfterShown(page, belowFold)).starts.length).toBe(2);
  const predictions = await startsAfterShown(page, belowFold);
  for (const start of predictions.starts) expect(start).toBeGreaterThan(predictions.shown);
});

// A study session's first card downloads neither the tour (already seen) nor the end of the session.
test('a study session shows its first card before the end dialog downloads, and without the tour', async ({ page }) => {
  await signUpViaApi(page);
  const student = await createStudentViaApi(page, 'Leo');
  const deck = await createDeckViaApi(page, student.id, 'Farm animals', [['cow', 'la vaca']]);

  await noteWhenShown(page, 'button[aria-label^="Card 1 of 1"]');
  await page.goto(`/study/${deck.id}`);
  await expect(page.getByRole('button', { name: /^Card 1 of 1/ })).toBeVisible();
  const endDialog = /\/assets\/study-end-dialog-[\w-]+\.js$/;
  // Downloaded once the page has settled (lib/page-settled.ts: up to a few quiet seconds after load).
  await expect.poll(async () => (await startsAfterShown(page, endDialog)).starts.length, { timeout: 30_000 }).toBe(1);
  const end = await startsAfterShown(page, endDialog);
  expect(end.starts[0]).toBeGreaterThan(end.shown);
  expect((await startsAfterShown(page, /\/assets\/study-tour-[\w-]+\.js$/)).starts).toEqual([]);

  // The end of the session still shows its dialog.
  await page.getByRole('button', { name: 'Mastered', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();
});
