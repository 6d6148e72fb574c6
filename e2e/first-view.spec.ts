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
  expect(html).toMatch(/<script type="module" crossorigin fetchpriority="high" src="\/assets\/early-reads-/);
  const home = await (await page.request.get('/')).text();
  expect(home).not.toMatch(/href="\/assets\/deck-/);

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
