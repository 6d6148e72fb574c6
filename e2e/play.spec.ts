import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';
import { lastSpoken, modeCounts, stubSpeech } from './play-helpers';

// The play modes (issue 25): each played to the end, its answers reaching the server once with their mode.

const WORDS: [string, string][] = [
  ['dog', 'perro'],
  ['cat', 'gato'],
  ['bird', 'pájaro'],
  ['fish', 'pez'],
  ['child', 'niño'],
  ['song', 'canción'],
];
const english = new Map(WORDS.map(([en, es]) => [es, en]));

async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
  }
  return deck.id;
}

async function expectNoOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

const options = (page: Page) => page.getByRole('list', { name: 'Choices' }).getByRole('button');
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const promptWord = (page: Page) => page.locator('main p[lang="es"]');

/** Answers every question of a choice round: right, except the first, answered wrong on purpose. */
async function playChoice(page: Page, how: 'tap' | 'keyboard', heard: () => Promise<string>) {
  for (let i = 0; ; i++) {
    await expect(options(page)).toHaveCount(4);
    await expect.poll(async () => english.has(await heard())).toBe(true);
    const word = english.get(await heard())!;
    const right = options(page).and(page.getByRole('button', { name: word, exact: true }));
    const target = i === 0 ? options(page).filter({ hasNotText: new RegExp(`^${word}$`) }) : right;
    if (how === 'tap') await target.first().tap();
    else {
      await target.first().focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('status').filter({ hasText: i === 0 ? /Not quite/ : 'Right!' })).toBeVisible();
    if (i === 0) await expectNoAxeViolations(page);
    await expect(next(page)).toBeFocused();
    if (how === 'tap') await next(page).tap();
    else await page.keyboard.press('Enter');
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) return;
  }
}

test.beforeEach(() => test.slow());
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('choice, listen, match and spell are played to the end and their answers reach the server once with their mode', async ({
  page,
}) => {
  await stubSpeech(page);
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const deck = await seedDeck(page, ana.id, 'Words', WORDS);

  // The deck offers the games; the picker names each and passes axe on a phone.
  await page.goto(`/deck/${deck}`);
  await page.getByRole('link', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Games' }).getByRole('button')).toHaveCount(4);
  await expectNoAxeViolations(page);
  await expectNoOverflow(page);

  // Picture or word, by touch: the Spanish word is shown, its English word picked.
  await page.getByRole('button', { name: /Picture or word/ }).tap();
  await playChoice(page, 'tap', async () => (await promptWord(page).textContent()) ?? '');
  await expect(page.getByText('5 of 6 right')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoOverflow(page);
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ choice: [6, 5] });

  // Listen and pick, by keyboard alone: the word is heard (speech synthesis), never shown.
  await page.getByRole('button', { name: 'Other games' }).click();
  await page.getByRole('button', { name: /Listen and pick/ }).focus();
  await page.keyboard.press('Enter');
  await expect(promptWord(page)).toHaveCount(0);
  await playChoice(page, 'keyboard', () => lastSpoken(page));
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ choice: [6, 5], listen: [6, 5] });

  // Match: six pairs; a first wrong try at dog and cat records them wrong, the rest right.
  await page.getByRole('button', { name: 'Other games' }).click();
  await page.getByRole('button', { name: /Match/ }).tap();
  const board = page.getByRole('list', { name: 'Cards to match' });
  await expect(board.getByRole('button')).toHaveCount(12);
  await expectNoAxeViolations(page);
  await expectNoOverflow(page);
  await board.getByRole('button', { name: 'perro', exact: true }).tap();
  await board.getByRole('button', { name: 'cat', exact: true }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'are not a pair' })).toBeVisible();
  for (const [en, es] of WORDS) {
    await board.getByRole('button', { name: es, exact: true }).tap();
    await board.getByRole('button', { name: en, exact: true }).tap();
  }
  await expect(page.getByText('4 of 6 right')).toBeVisible();
  await expect(page.getByText(/Your time: [\d.]+ s\. New best time!/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ match: [6, 4] });

  // Spell it, by keyboard and the on-screen keys: "casi" for a missing accent, a typo shown, the ñ key.
  await page.getByRole('button', { name: 'Other games' }).click();
  await page.getByRole('button', { name: /Spell it/ }).click();
  const field = page.getByLabel('Type it in Spanish');
  let close = 0;
  let typo = 0;
  for (;;) {
    const shown = (await page.locator('main p[lang="en"]').textContent())!;
    const es = WORDS.find(([en]) => en === shown)![1];
    await expect(field).toBeFocused();
    if (es === 'niño') {
      await page.keyboard.type('ni');
      await page.getByRole('button', { name: 'Type ñ' }).click();
      await field.focus();
      await page.keyboard.press('End');
      await page.keyboard.type('o');
    } else if (es === 'canción') {
      await page.keyboard.type('cancion');
      close++;
    } else if (es === 'perro') {
      await page.keyboard.type('pero');
      typo++;
    } else await page.keyboard.type(es);
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: /Right!|Casi|One letter|Not this time/ });
    await expect(status).toBeVisible();
    if (es === 'canción') await expect(status).toContainText('Casi! Almost: ó, not o.');
    if (es === 'perro') await expect(status).toContainText('One letter missing: r.');
    if (es === 'niño') await expect(status).toContainText('Right!');
    await expect(next(page)).toBeFocused();
    await page.keyboard.press('Enter');
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) break;
  }
  expect([close, typo]).toEqual([1, 1]);
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ spell: [6, 5] });

  // The progress page shows the answers per mode.
  await page.goto('/progress');
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Way' }) });
  await expect(table.getByRole('row', { name: /Listen and pick 6 83.3%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Spell it 6 83.3%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Match 6 66.7%/ })).toBeVisible();
});

test('a child who does not read yet starts listen and pick from today’s review without reading, offline too', async ({
  page,
  context,
}) => {
  await stubSpeech(page);
  await signUpViaApi(page);
  const res = await page.request.post('/api/students', {
    data: { name: 'Leo', age: 5, native_language: 'English', reads: false },
  });
  expect(res.status()).toBe(201);
  const leo = (await res.json()) as { id: number };
  await seedDeck(page, leo.id, 'Words', WORDS.slice(0, 4));

  await page.goto('/');
  const start = page.getByRole('link', { name: 'Play listen and pick' });
  // Nothing to read: the button shows an ear and a play sign only.
  await expect(start).toHaveText('👂 ▶');
  await expectNoAxeViolations(page);
  await start.tap();
  await expect(page.getByRole('heading', { name: 'Listen and pick', level: 1 })).toBeVisible();
  await expect(options(page)).toHaveCount(4);
  await expect(promptWord(page)).toHaveCount(0);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

  // The connection drops during the round: the answers wait on the device, then reach the server once.
  await context.setOffline(true);
  for (;;) {
    await expect(options(page)).toHaveCount(4);
    // The word is said as the question appears.
    await expect.poll(async () => english.has(await lastSpoken(page))).toBe(true);
    const word = english.get(await lastSpoken(page))!;
    await options(page)
      .and(page.getByRole('button', { name: word, exact: true }))
      .tap();
    await next(page).tap();
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) break;
  }
  await expect(page.getByText('4 of 4 right')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => modeCounts(page, leo.id)).toMatchObject({ listen: [4, 4], flip: [0, 0] });
  // Sent once: a reload and a while later, still four answers.
  await page.reload();
  await page.waitForTimeout(2_000);
  expect(await modeCounts(page, leo.id)).toMatchObject({ listen: [4, 4] });
});
