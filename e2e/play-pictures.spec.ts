import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Card } from '../src/shared/schemas/card';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';
import { lastSpoken, modeCounts, stubSpeech } from './play-helpers';

// Issue 25 on a touch phone with pictures: listen and pick and picture or word on a three-card deck
// whose missing options come from the student's other deck, played by tapping; each choice is
// named for a screen reader, and every answer reaches the server once, with its mode.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.beforeEach(() => test.slow());

/** A small drawing, rendered and encoded by sharp (libvips) as a real PNG or JPEG file. */
async function drawing(body: string, format: 'png' | 'jpeg') {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">${body}</svg>`);
  const image = sharp(svg);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}
const DRAWINGS = {
  cow: `<rect width="320" height="240" fill="#d8f3dc"/><ellipse cx="160" cy="130" rx="110" ry="70" fill="#fff" stroke="#222" stroke-width="6"/><circle cx="120" cy="120" r="22" fill="#222"/>`,
  otherCow: `<rect width="320" height="240" fill="#fde2e4"/><rect x="60" y="70" width="200" height="110" rx="30" fill="#6f4e37"/>`,
  pig: `<rect width="320" height="240" fill="#e0f2fe"/><circle cx="160" cy="120" r="80" fill="#ffafcc"/><ellipse cx="160" cy="135" rx="30" ry="20" fill="#ff8fab"/>`,
  duck: `<rect width="320" height="240" fill="#caf0f8"/><circle cx="150" cy="130" r="60" fill="#ffd60a"/><path d="M205 125l50 10-50 15z" fill="#fb8500"/>`,
  dog: `<rect width="320" height="240" fill="#fff3b0"/><circle cx="160" cy="125" r="70" fill="#b08968"/><ellipse cx="100" cy="90" rx="22" ry="45" fill="#7f5539"/><ellipse cx="220" cy="90" rx="22" ry="45" fill="#7f5539"/>`,
  cat: `<rect width="320" height="240" fill="#e9ecef"/><circle cx="160" cy="135" r="65" fill="#adb5bd"/><path d="M105 95l15-60 35 40zM215 95l-15-60-35 40z" fill="#adb5bd"/>`,
};

async function deckViaApi(page: Page, title: string, studentId: number) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function cardViaApi(
  page: Page,
  deckId: number,
  en: string,
  es: string,
  picture: keyof typeof DRAWINGS,
  format: 'png' | 'jpeg',
) {
  const buffer = await drawing(DRAWINGS[picture], format);
  const res = await page.request.post('/api/cards', {
    multipart: {
      deck_id: String(deckId),
      en,
      es,
      front_image: { name: `${picture}.${format === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${format}`, buffer },
    },
  });
  expect(res.status()).toBe(201);
  const card = (await res.json()) as Card;
  expect(card.front_image_key).not.toBeNull();
  return card;
}

const options = (page: Page) => page.getByRole('list', { name: 'Choices' }).getByRole('button');
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const keyOf = (src: string | null) => decodeURIComponent(new URL(src ?? '', 'http://x').pathname.split('/').pop()!);

/** The four choices as a screen reader names them, and the picture each shows (null for a word). */
async function choicesOf(page: Page) {
  await expect(options(page)).toHaveCount(4);
  const list: { name: string; picture: string | null; button: Locator }[] = [];
  for (const button of await options(page).all()) {
    const name = (await button.getAttribute('aria-label')) ?? '';
    await expect(button).toHaveAccessibleName(name);
    const img = button.locator('img');
    list.push({ name, picture: (await img.count()) ? keyOf(await img.getAttribute('src')) : null, button });
  }
  return list;
}

test('listen and pick and picture or word on a deck with pictures, by touch, with options from the other deck', async ({
  page,
}) => {
  await stubSpeech(page);
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const farm = await deckViaApi(page, 'Farm', ana.id);
  const cards = [
    await cardViaApi(page, farm, 'cow', 'la vaca', 'cow', 'png'),
    await cardViaApi(page, farm, 'pig', 'el cerdo', 'pig', 'jpeg'),
    await cardViaApi(page, farm, 'duck', 'el pato', 'duck', 'png'),
  ];

  // Three cards and no other deck: the games that need four say why they are off.
  await page.goto(`/play/${farm}`);
  const games = page.getByRole('list', { name: 'Games' });
  for (const name of [/Listen and pick/, /Picture or word/]) {
    await expect(games.getByRole('button', { name })).toBeDisabled();
    await expect(games.getByRole('button', { name })).toHaveAccessibleDescription(
      "Needs four different cards, counting Ana's other decks",
    );
  }
  await expect(games.getByRole('button', { name: /Match/ })).toBeEnabled();

  // Ana's other deck: a card with the same word as an answer (another picture), one with the same
  // picture as an answer (the same file, stored once), and two that may stand beside any answer.
  const pets = await deckViaApi(page, 'Pets', ana.id);
  const sameWord = await cardViaApi(page, pets, 'Cow', 'la vaca lechera', 'otherCow', 'jpeg');
  const samePicture = await cardViaApi(page, pets, 'calf', 'el ternero', 'cow', 'png');
  expect(samePicture.front_image_key).toBe(cards[0]!.front_image_key);
  const others = [
    sameWord,
    samePicture,
    await cardViaApi(page, pets, 'dog', 'el perro', 'dog', 'png'),
    await cardViaApi(page, pets, 'cat', 'el gato', 'cat', 'jpeg'),
  ];
  const all = [...cards, ...others];
  const wordOfPicture = new Map(cards.map((c) => [c.front_image_key!, c.en]));
  const englishOf = new Map(cards.map((c) => [c.es, c.en]));

  // Every save of answers the page sends, as sent.
  const sent: { mode?: string; card_id: number }[][] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/card-performance')
      sent.push((req.postDataJSON() as { card_results: { mode?: string; card_id: number }[] }).card_results);
  });

  await page.reload();
  await expect(games.getByRole('button', { name: /Listen and pick/ })).toBeEnabled();
  await expectNoAxeViolations(page);
  await games.getByRole('button', { name: /Listen and pick/ }).tap();

  // Listen and pick: the Spanish word is heard, the four choices are pictures named by their English word.
  const asked = new Set<string>();
  for (let i = 0; ; i++) {
    await expect.poll(async () => englishOf.has(await lastSpoken(page))).toBe(true);
    const answer = englishOf.get(await lastSpoken(page))!;
    asked.add(answer);
    const choices = await choicesOf(page);
    // Names a screen reader announces: four different words, the answer once, never "Cow" beside "cow".
    const names = choices.map((c) => c.name.toLowerCase());
    expect(new Set(names).size).toBe(4);
    expect(names.filter((n) => n === answer)).toHaveLength(1);
    for (const c of choices) expect(all.map((card) => card.en)).toContain(c.name);
    // Every choice is a picture, four different ones, each the picture of the card it names.
    expect(choices.every((c) => c.picture !== null)).toBe(true);
    expect(new Set(choices.map((c) => c.picture)).size).toBe(4);
    for (const c of choices) expect(all.find((card) => card.en === c.name)!.front_image_key).toBe(c.picture);
    // The farm's other two cards always stand beside the answer; one option comes from the pets.
    expect(choices.filter((c) => cards.some((card) => card.en === c.name))).toHaveLength(3);
    if (i === 0) await expectNoAxeViolations(page);

    // The first question is answered wrong on purpose (a tap on another picture), the rest right.
    const target = choices.find((c) => (i === 0 ? c.name !== answer : c.name === answer))!;
    await target.button.tap();
    await expect(target.button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: i === 0 ? /Not quite\. It was/ : 'Right!' })).toBeVisible();
    await next(page).tap();
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) break;
  }
  expect([...asked].sort()).toEqual(['cow', 'duck', 'pig']);
  await expect(page.getByText('2 of 3 right')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ listen: [3, 2] });

  // Picture or word: the answer's picture and Spanish word are shown; the English words are the choices.
  await page.getByRole('button', { name: 'Other games' }).tap();
  await games.getByRole('button', { name: /Picture or word/ }).tap();
  const prompt = page.locator('main img').first();
  for (;;) {
    await expect(prompt).toBeVisible();
    const answer = wordOfPicture.get(keyOf(await prompt.getAttribute('src')))!;
    await expect(page.locator('main p[lang="es"]')).toHaveText(cards.find((c) => c.en === answer)!.es);
    const choices = await choicesOf(page);
    expect(new Set(choices.map((c) => c.name.toLowerCase())).size).toBe(4);
    expect(choices.filter((c) => c.name === answer)).toHaveLength(1);
    await choices.find((c) => c.name === answer)!.button.tap();
    await expect(page.getByRole('status').filter({ hasText: 'Right!' })).toBeVisible();
    await next(page).tap();
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) break;
  }
  await expect(page.getByText('3 of 3 right')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ listen: [3, 2], choice: [3, 3] });

  // Each round's answers went once, in one save, each with its mode and for the farm's cards only.
  expect(sent.map((results) => results.map((r) => r.mode))).toEqual([
    ['listen', 'listen', 'listen'],
    ['choice', 'choice', 'choice'],
  ]);
  for (const results of sent) expect(results.map((r) => r.card_id).sort()).toEqual(cards.map((c) => c.id).sort());
  // Still once a while later and after a reload (nothing left in the outbox to send again).
  await page.reload();
  await page.waitForTimeout(2_000);
  expect(await modeCounts(page, ana.id)).toMatchObject({ listen: [3, 2], choice: [3, 3] });
  expect(sent).toHaveLength(2);
});

/** The deck ids this device keeps for the student (lib/offline-store.ts), read from IndexedDB. */
const keptDecks = (page: Page, studentId: number) =>
  page.evaluate(
    (key) =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('flashcards-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve([]);
          const get = db.transaction('kept').objectStore('kept').get(key);
          get.onsuccess = () => resolve(((get.result as { value?: number[] } | undefined)?.value ?? []).sort());
          get.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
    `offline-decks:${studentId}`,
  );

async function keepOnDevice(page: Page, deckId: number, title: string) {
  await page.goto(`/deck/${deckId}`);
  await page.getByRole('button', { name: new RegExp(`^Actions for ${title}`) }).click();
  await page.getByRole('menuitem', { name: 'Keep on this device' }).click();
  await expect(page.getByText(`“${title}” will be kept on this device for offline study.`)).toBeVisible();
}

test('offline, the options come from the other decks kept on the device, and the answers wait to be sent once', async ({
  page,
  context,
}) => {
  await stubSpeech(page);
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const farm = await deckViaApi(page, 'Farm', ana.id);
  const cards = [
    await cardViaApi(page, farm, 'cow', 'la vaca', 'cow', 'png'),
    await cardViaApi(page, farm, 'pig', 'el cerdo', 'pig', 'jpeg'),
    await cardViaApi(page, farm, 'duck', 'el pato', 'duck', 'png'),
  ];
  const englishOf = new Map(cards.map((c) => [c.es, c.en]));
  const pets = await deckViaApi(page, 'Pets', ana.id);
  await cardViaApi(page, pets, 'dog', 'el perro', 'dog', 'png');
  await cardViaApi(page, pets, 'cat', 'el gato', 'cat', 'jpeg');

  // Only the farm kept: offline, listen and pick is off and says the other decks may have more.
  await keepOnDevice(page, farm, 'Farm');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await expect.poll(() => keptDecks(page, ana.id)).toEqual([farm]);
  await context.setOffline(true);
  await page.goto(`/play/${farm}`);
  const listen = page.getByRole('list', { name: 'Games' }).getByRole('button', { name: /Listen and pick/ });
  await expect(listen).toBeDisabled();
  await expect(listen).toHaveAccessibleDescription(
    "Needs four different cards; Ana's decks not kept on this device may have more once online",
  );

  // The pets kept as well: offline, their pictures stand beside the farm's.
  await context.setOffline(false);
  await keepOnDevice(page, pets, 'Pets');
  await expect.poll(() => keptDecks(page, ana.id)).toEqual([farm, pets].sort());
  await context.setOffline(true);
  await page.goto(`/play/${farm}`);
  await expect(listen).toBeEnabled();
  await listen.tap();
  for (;;) {
    await expect.poll(async () => englishOf.has(await lastSpoken(page))).toBe(true);
    const answer = englishOf.get(await lastSpoken(page))!;
    const choices = await choicesOf(page);
    expect(choices.every((c) => c.picture !== null)).toBe(true);
    expect(new Set(choices.map((c) => c.picture)).size).toBe(4);
    expect(choices.filter((c) => ['dog', 'cat'].includes(c.name))).toHaveLength(1);
    await choices.find((c) => c.name === answer)!.button.tap();
    await next(page).tap();
    if (await page.getByRole('heading', { name: 'Well played!' }).isVisible()) break;
  }
  await expect(page.getByText('3 of 3 right')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => modeCounts(page, ana.id)).toMatchObject({ listen: [3, 3] });
  await page.reload();
  await page.waitForTimeout(2_000);
  expect(await modeCounts(page, ana.id)).toMatchObject({ listen: [3, 3] });
});
