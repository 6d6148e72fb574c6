import type { BrowserContext, Page } from '@playwright/test';
import { DEFAULT_RETENTION } from '../src/shared/constants';
import type { Progress } from '../src/shared/schemas/progress';
import { schedulerFor } from '../src/shared/srs';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

// Answers made offline wait in the outbox (IndexedDB) and reach the server exactly once when the
// connection returns. Pages are loaded online and then taken offline (context.setOffline).

const ANIMALS: [string, string][] = [
  ['dog', 'el perro'],
  ['cat', 'el gato'],
];
const COLORS: [string, string][] = [
  ['red', 'rojo'],
  ['blue', 'azul'],
  ['green', 'verde'],
];

async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  const cardIds: number[] = [];
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
    cardIds.push(((await card.json()) as { id: number }).id);
  }
  return { id: deck.id, cardIds };
}

interface ExportDoc {
  study_sessions: { student_id: number; deck_id: number }[];
  card_results: { student_id: number; card_id: number }[];
  review_logs: { student_id: number; card_id: number; rating: string; reviewed_at: string }[];
  memory_states: ({ student_id: number; card_id: number } & Record<string, unknown>)[];
}

/** What the server holds for the student: sessions, answers, the review log and memory states. */
async function serverState(page: Page, studentId: number) {
  const res = await page.request.get('/api/users/export');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as ExportDoc;
  const mine = <T extends { student_id: number }>(rows: T[]) => rows.filter((r) => r.student_id === studentId);
  return {
    sessions: mine(doc.study_sessions),
    results: mine(doc.card_results),
    logs: mine(doc.review_logs),
    memory: mine(doc.memory_states),
  };
}

/** Each card's memory on the server equals replaying all its logged answers in time order (src/shared/srs.ts). */
function expectReplayedMemory(state: Awaited<ReturnType<typeof serverState>>, cardIds: number[]) {
  const scheduler = schedulerFor({ desired_retention: DEFAULT_RETENTION });
  for (const cardId of cardIds) {
    const log = state.logs
      .filter((l) => l.card_id === cardId)
      .map((l) => ({ rating: l.rating as 'again' | 'hard' | 'good' | 'easy', reviewed_at: l.reviewed_at }));
    const { student_id: _s, card_id: _c, deck_id: _d, ...memory } = state.memory.find((m) => m.card_id === cardId)!;
    expect(memory).toEqual(scheduler.replay(cardId, log));
  }
}

async function totalSessions(page: Page, studentId: number) {
  const res = await page.request.get(`/api/progress/${studentId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Progress).overall_statistics.total_sessions;
}

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });
const mastered = (page: Page) => page.getByRole('button', { name: 'Mastered', exact: true });
const notMastered = (page: Page) => page.getByRole('button', { name: 'Not mastered', exact: true });
const waiting = (page: Page) => page.getByText(/answers? waiting to sync$/);

/**
 * Waits until the service worker (part of the app) controls the page: code the page loads later
 * (a dialog, the next page) then comes from its cache while offline.
 */
async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** A second browser signed in as the same parent (another device of the family). */
async function secondDevice(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    localStorage.setItem('studyTourCompleted', 'true');
  });
  const res = await page.request.post('/api/auth/local/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return page;
}

// Whole journeys with saves, reloads and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test('answers made offline wait on the device and reach the server once when back online', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const animals = await seedDeck(page, ana.id, 'Animals', ANIMALS);
  const colors = await seedDeck(page, ana.id, 'Colors', COLORS);

  // Two tabs of the same device, loaded online: a deck to study and a deck to review.
  await page.goto(`/study/${animals.id}`);
  await expect(studyCard(page)).toBeVisible();
  await controlledBySw(page);
  const review = await context.newPage();
  await review.goto(`/study/${colors.id}?mode=review`);
  await expect(studyCard(review)).toHaveAccessibleName(/^Card 1 of 3/);
  await controlledBySw(review);

  await context.setOffline(true);
  await mastered(page).click();
  await notMastered(page).click();
  await expect(page.getByRole('dialog').getByText(/kept on this device and will be sent/)).toBeVisible();
  await expect(page.getByText('2 answers waiting to sync')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/offline-sync-waiting.png' });

  await mastered(review).click();
  await notMastered(review).click();
  await mastered(review).click();
  await expect(review.getByRole('dialog').getByText(/kept on this device and will be sent/)).toBeVisible();
  // Both tabs' answers are in the one outbox of the device.
  await expect(review.getByText('5 answers waiting to sync')).toBeVisible();
  await expectNoAxeViolations(review);
  expect(await totalSessions(page, ana.id)).toBe(0);
  // Reopened offline (the service worker serves the app), the queue is still there.
  await review.reload();
  await expect(review.getByText('5 answers waiting to sync')).toBeVisible();

  // Back online: both tabs send the queue (the same requests, with the same keys); each counts once.
  await context.setOffline(false);
  await expect(waiting(review)).toHaveCount(0);
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByRole('dialog').getByText('Your results are saved.')).toBeVisible();
  expect(await totalSessions(page, ana.id)).toBe(2);
  const state = await serverState(page, ana.id);
  expect(state.results).toHaveLength(5);
  expect(state.logs).toHaveLength(5);
  expect(state.logs.map((l) => l.card_id).sort()).toEqual([...animals.cardIds, ...colors.cardIds].sort());
  expectReplayedMemory(state, [...animals.cardIds, ...colors.cardIds]);

  // A later visit finds nothing left to send.
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  expect(await totalSessions(page, ana.id)).toBe(2);
  expect(errors).toEqual([]);
});

test('a queue saved in the old format is sent once after the upgrade', async ({ page }) => {
  await signUpViaApi(page);
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const animals = await seedDeck(page, ana.id, 'Animals', ANIMALS);
  await page.goto('/');
  const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  await page.evaluate(
    ([studentId, deckId, cardId, id]) => {
      localStorage.setItem(
        'pendingStudySaves',
        JSON.stringify([
          {
            id,
            session: {
              student_id: studentId,
              deck_id: deckId,
              cards_studied: 1,
              cards_mastered: 1,
              cards_not_mastered: 0,
              accuracy_percentage: 100,
              study_duration_seconds: 12,
              idempotency_key: id,
            },
            performance: {
              student_id: studentId,
              card_results: [{ card_id: cardId, is_correct: true, reviewed_at: new Date().toISOString() }],
              idempotency_key: `${id.slice(0, 31)}f`,
            },
          },
        ]),
      );
    },
    [ana.id, animals.id, animals.cardIds[0]!, key] as const,
  );
  await page.reload();
  await expect.poll(() => totalSessions(page, ana.id)).toBe(1);
  await expect.poll(async () => (await serverState(page, ana.id)).results.length).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('pendingStudySaves'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  expect(await totalSessions(page, ana.id)).toBe(1);
  expect((await serverState(page, ana.id)).logs).toHaveLength(1);
});

for (const first of ['tablet', 'phone'] as const) {
  test(`two devices review the same student offline, the ${first} syncs first: nothing lost or doubled`, async ({
    page: tablet,
    context,
    browser,
  }) => {
    const account = await signUpViaApi(tablet);
    const ana = await createStudentViaApi(tablet, 'Ana', 'English');
    const colors = await seedDeck(tablet, ana.id, 'Colors', COLORS);
    const phoneContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const phone = await secondDevice(phoneContext, account.email, account.password);

    for (const p of [tablet, phone]) {
      await p.goto(`/study/${colors.id}?mode=review`);
      await expect(studyCard(p)).toHaveAccessibleName(/^Card 1 of 3/);
      await controlledBySw(p);
    }
    await context.setOffline(true);
    await phoneContext.setOffline(true);

    // Turn by turn, so that their answers interleave in time.
    const tabletAnswers = [mastered, notMastered, mastered];
    const phoneAnswers = [notMastered, mastered, mastered];
    for (let i = 0; i < 3; i++) {
      await tabletAnswers[i]!(tablet).click();
      await phoneAnswers[i]!(phone).click();
    }
    for (const p of [tablet, phone]) await expect(p.getByText('3 answers waiting to sync')).toBeVisible();

    const order = first === 'tablet' ? [context, phoneContext] : [phoneContext, context];
    for (const c of order) {
      await c.setOffline(false);
      await expect(waiting(c === context ? tablet : phone)).toHaveCount(0);
    }

    const state = await serverState(tablet, ana.id);
    expect(state.sessions).toHaveLength(2);
    expect(state.results).toHaveLength(6);
    expect(state.logs).toHaveLength(6);
    // Each card: the tablet's answer, then the phone's, as they were given.
    const rating = (b: typeof mastered) => (b === mastered ? 'good' : 'again');
    const cardsInOrder = [...new Set(state.logs.map((l) => l.card_id))];
    expect(cardsInOrder.sort()).toEqual([...colors.cardIds].sort());
    const byCard = (cardId: number) =>
      state.logs
        .filter((l) => l.card_id === cardId)
        .sort((x, y) => Date.parse(x.reviewed_at) - Date.parse(y.reviewed_at))
        .map((l) => l.rating);
    const answered = colors.cardIds.map(byCard).sort();
    const expected = [0, 1, 2].map((i) => [rating(tabletAnswers[i]!), rating(phoneAnswers[i]!)]).sort();
    expect(answered).toEqual(expected);
    expectReplayedMemory(state, colors.cardIds);
    await phoneContext.close();
  });
}

test('answers left by a parent whose session ended wait for them, not for the next person on the tablet', async ({
  page,
  context,
}) => {
  const mum = await signUpViaApi(page, 'Mum');
  const ana = await createStudentViaApi(page, 'Ana', 'English');
  const animals = await seedDeck(page, ana.id, 'Animals', ANIMALS);
  await page.goto(`/study/${animals.id}`);
  await expect(studyCard(page)).toBeVisible();
  await controlledBySw(page);

  await context.setOffline(true);
  await mastered(page).click();
  await notMastered(page).click();
  await expect(page.getByText('2 answers waiting to sync')).toBeVisible();

  // The session ends while the tablet is offline (expired, or signed out elsewhere).
  await context.clearCookies();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);

  // A teacher signs in on the same tablet and studies: Mum's answers are not sent as the teacher's.
  await signUpViaApi(page, 'Teacher');
  const leo = await createStudentViaApi(page, 'Leo', 'English');
  const colors = await seedDeck(page, leo.id, 'Colors', COLORS);
  await page.goto(`/study/${colors.id}`);
  await mastered(page).click();
  await mastered(page).click();
  await mastered(page).click();
  await expect(page.getByRole('dialog').getByText('Your results are saved.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByText(/could not be saved|refused/i)).toHaveCount(0);
  expect(await totalSessions(page, leo.id)).toBe(1);

  // Mum signs in again: her answers go, once.
  await page.request.get('/api/logout');
  const res = await page.request.post('/api/auth/local/login', { data: { email: mum.email, password: mum.password } });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect.poll(() => totalSessions(page, ana.id)).toBe(1);
  await expect(waiting(page)).toHaveCount(0);
  const state = await serverState(page, ana.id);
  expect(state.results).toHaveLength(2);
  expect(state.logs.map((l) => l.card_id).sort()).toEqual([...animals.cardIds].sort());
});
