import type { Page } from '@playwright/test';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// The second adult of a family runs the child's review on a tablet that goes offline: the tablet
// computes today's review from the memory states the server gave it for the family's child
// (GET /api/students/{id}/memory-states once answered 404 to every adult but the first).

async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  for (const [en, es] of cards) {
    expect((await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } })).status()).toBe(
      201,
    );
  }
  return deck.id;
}

/** The deck ids this device keeps for the student (lib/offline-store.ts), written after its memory states. */
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

const studyCard = (page: Page) => page.getByRole('button', { name: /^Card \d+ of \d+/ });
const mastered = (page: Page) => page.getByRole('button', { name: 'Mastered', exact: true });

// Two accounts, a service worker and an axe run: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test("the second parent's tablet goes offline and runs today's review of the family's child", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 390, height: 844 });

  // The first parent's phone sets the child up and invites the second parent.
  const first = await (await browser.newContext({ baseURL })).newPage();
  await signUpViaApi(first, 'Marta');
  const lucia = await createStudentViaApi(first, 'Lucía');
  const animals = await seedDeck(first, lucia.id, 'Animals', [
    ['dog', 'el perro'],
    ['cat', 'el gato'],
  ]);
  const colors = await seedDeck(first, lucia.id, 'Colors', [
    ['red', 'rojo'],
    ['blue', 'azul'],
  ]);
  const invite = (await (await first.request.post('/api/family/invites')).json()) as { code: string };

  // The second parent's tablet: joins, studies Animals online and keeps Colors on the device.
  await signUpViaApi(page, 'Javier');
  expect((await page.request.post('/api/family/join', { data: { code: invite.code } })).status()).toBe(200);
  expect((await page.request.get(`/api/students/${lucia.id}/memory-states?tz=UTC`)).status()).toBe(200);
  await page.goto(`/study/${animals}`);
  await expect(studyCard(page)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByRole('dialog').getByText('Your results are saved.')).toBeVisible();
  await page.goto(`/deck/${colors}`);
  await page.getByRole('button', { name: /^Actions for Colors/ }).click();
  await page.getByRole('menuitem', { name: 'Keep on this device' }).click();
  await expect(page.getByText('“Colors” will be kept on this device for offline study.')).toBeVisible();
  // The tablet keeps both decks once it has the child's memory states (it stops at a refusal).
  await expect.poll(() => keptDecks(page, lucia.id)).toEqual([animals, colors].sort());

  // Offline: today's review, computed on the tablet: the Colors cards are new.
  await context.setOffline(true);
  await page.goto('/study/review');
  await expect(page.getByRole('heading', { level: 1, name: "Today's review" })).toBeVisible();
  await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 2/);
  await expect(page.getByText('From Colors')).toBeVisible();
  await expectNoAxeViolations(page);
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByText('2 answers waiting to sync')).toBeVisible();

  // Online again: the answers reach the family's child, as the first parent sees.
  await context.setOffline(false);
  await expect(page.getByText(/waiting to sync$/)).toHaveCount(0);
  const logs = async () =>
    (
      (await (await first.request.get('/api/users/export')).json()) as {
        review_logs: { student_id: number }[];
      }
    ).review_logs.filter((l) => l.student_id === lucia.id).length;
  // Two answered online, two reviewed offline.
  await expect.poll(logs).toBe(4);
  expect(errors).toEqual([]);
});
