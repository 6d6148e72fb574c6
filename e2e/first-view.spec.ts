import { createStudentViaApi, expect, signUpViaApi, test } from './fixtures';

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
