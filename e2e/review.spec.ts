import type { Page } from '@playwright/test';
import type { ReviewQueue } from '../src/shared/schemas/review';
import { schedulerFor } from '../src/shared/srs';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

const ANIMALS: [string, string][] = [
  ['dog', 'el perro'],
  ['cat', 'el gato'],
  ['bird', 'el pájaro'],
];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A deck with cards for a student, made through the API; returns the deck and its card ids. */
async function seedDeck(page: Page, studentId: number, title: string, cards: [string, string][]) {
  const res = await page.request.post('/api/decks', { data: { title, student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number; title: string };
  const cardIds: number[] = [];
  for (const [en, es] of cards) {
    const card = await page.request.post('/api/cards', { multipart: { deck_id: String(deck.id), en, es } });
    expect(card.status()).toBe(201);
    cardIds.push(((await card.json()) as { id: number }).id);
  }
  return { ...deck, cardIds };
}

type Rating = 'again' | 'hard' | 'good' | 'easy';

/** Answers given earlier (reviewed_at in the past, as an offline device sends them): the memory the browser then reads. */
async function answerEarlier(
  page: Page,
  studentId: number,
  answers: { card_id: number; rating: Rating; at: number }[],
) {
  const res = await page.request.post('/api/card-performance', {
    data: {
      student_id: studentId,
      card_results: answers.map((a) => ({
        card_id: a.card_id,
        is_correct: a.rating !== 'again',
        rating: a.rating,
        reviewed_at: new Date(a.at).toISOString(),
      })),
    },
  });
  expect(res.status()).toBe(201);
}

/** Learned twice ten days ago (Good, then Good after the 10-minute step): a review card due by now. */
const learnedLongAgo = (cardId: number, now: number) => [
  { card_id: cardId, rating: 'good' as const, at: now - 10 * DAY },
  { card_id: cardId, rating: 'good' as const, at: now - 10 * DAY + 10 * MINUTE },
];

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });
const todayPanel = (page: Page) => page.getByRole('region', { name: /^(Today|Hoy)$/ });

interface CardResultBody {
  card_id: number;
  is_correct: boolean;
  rating?: string;
  reviewed_at?: string;
}

/** Collects the answers the page posts to /api/card-performance. */
function recordAnswers(page: Page) {
  const sent: CardResultBody[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/card-performance')) {
      sent.push(...((req.postDataJSON() as { card_results: CardResultBody[] }).card_results ?? []));
    }
  });
  return sent;
}

// Whole journeys with real saves and axe runs: allow for a busy machine (a timeout, not a timed assertion).
test.beforeEach(() => test.slow());

test.describe('today’s review', () => {
  test('from home: new cards, simple grading, answers saved with their rating and time', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sent = recordAnswers(page);
    await page.clock.install();
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    await seedDeck(page, ana.id, 'Animals', ANIMALS);

    await page.goto('/');
    const today = todayPanel(page);
    await expect(today).toContainText('3 new');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/home-today.png', fullPage: true });
    await today.getByRole('link', { name: "Start today's review" }).click();

    await expect(page).toHaveURL(/\/study\/review$/);
    await expect(page.getByRole('heading', { level: 1, name: "Today's review" })).toBeVisible();
    await expect(page.getByText('From Animals')).toBeVisible();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, English side: (dog|cat|bird)\. Press to flip\.$/);
    // Simple grading: the two buttons of study, no intervals.
    await expect(page.getByRole('button', { name: 'Hard' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/review-simple.png', fullPage: true });

    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 3, Spanish side: el /);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 2 of 3/);
    await page.getByRole('button', { name: 'Not mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Great Job!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['2', '1']);
    await expect(dialog.getByText('Your results are saved.')).toBeVisible();
    // The "again" card comes back after its 1-minute step.
    await expect(dialog.getByText('All done for now! The next cards are ready in 1 minute.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep going' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(sent.map((r) => [r.rating, r.is_correct])).toEqual([
      ['good', true],
      ['again', false],
      ['good', true],
    ]);
    for (const r of sent) expect(Math.abs(Date.parse(r.reviewed_at!) - Date.now())).toBeLessThan(5 * MINUTE);

    await dialog.getByRole('link', { name: 'Go home' }).click();
    await expect(todayPanel(page)).toContainText('All done for now!');
    await expect(todayPanel(page)).toContainText('The next cards are ready in 1 minute.');
    expect(errors).toEqual([]);
  });
});

/** The student's review queue as the API gives it now. */
async function queueOf(page: Page, studentId: number): Promise<ReviewQueue> {
  const res = await page.request.get(`/api/students/${studentId}/review`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ReviewQueue;
}

const openStudents = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu for|Menú de la cuenta de/ }).click();
  await page.getByRole('menuitem', { name: /^(Manage students|Gestionar estudiantes)$/ }).click();
  return page.getByRole('dialog');
};

test.describe('detailed grading', () => {
  test.use({ language: 'es', timezoneId: 'America/Mexico_City' });

  test('set in the student form, shows when each answer brings the card back', async ({ page }) => {
    const sent = recordAnswers(page);
    // The page's clock stands still at the server's now: every preview is of an answer at that instant.
    const now = Date.now();
    await page.clock.setFixedTime(now);
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'Español');
    const deck = await seedDeck(page, ana.id, 'Animales', ANIMALS.slice(0, 2));
    await answerEarlier(page, ana.id, learnedLongAgo(deck.cardIds[0]!, now));

    await page.goto('/');
    const panel = await openStudents(page);
    await panel.getByRole('button', { name: 'Editar Ana' }).click();
    await panel.getByText('Ajustes de aprendizaje').click();
    await expect(panel.getByRole('slider', { name: 'Cuánto recordar' })).toHaveAttribute('aria-valuetext', '90 %');
    await expect(panel.getByLabel('Tarjetas nuevas cada día')).toHaveValue('10');
    await panel.getByRole('radio', { name: /^Detallado/ }).check();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/student-settings-es.png', fullPage: true });
    await panel.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(panel.getByText('Se actualizó a Ana.')).toBeAttached();
    await page.keyboard.press('Escape');

    // The learned card first (due), then the new one.
    const queue = await queueOf(page, ana.id);
    expect(queue.counts).toEqual({ due: 1, learning: 0, new: 1 });
    const [learned] = queue.cards;
    await expect(todayPanel(page)).toContainText('1 por repasar · 1 nueva');
    await todayPanel(page).getByRole('link', { name: 'Empezar el repaso de hoy' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Repaso de hoy' })).toBeVisible();
    await expect(studyCard(page)).toHaveAccessibleName(/^Tarjeta 1 de 2, lado en español: el perro\./);
    const preview = schedulerFor({ desired_retention: 0.9 }).preview(learned!.memory, learned!.id, now);
    // As the buttons write intervals of days in Spanish: days under a month, then months.
    const inDays = (ms: number) => {
      const days = Math.round(ms / DAY);
      const months = Math.round(days / 30.44);
      return days < 31 ? `${days} día${days === 1 ? '' : 's'}` : `${months} ${months === 1 ? 'mes' : 'meses'}`;
    };
    await expect(page.getByRole('button', { name: 'Otra vez 10 min' })).toBeVisible();
    for (const [rating, label] of [
      ['hard', 'Difícil'],
      ['good', 'Bien'],
      ['easy', 'Fácil'],
    ] as const) {
      await expect(page.getByRole('button', { name: `${label} ${inDays(preview[rating].interval_ms)}` })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/shots/review-detailed-es.png', fullPage: true });
    await page.getByRole('button', { name: /^Otra vez/ }).click();

    // The new card: its learning steps.
    await expect(studyCard(page)).toHaveAccessibleName(/^Tarjeta 2 de 2/);
    await expect(page.getByRole('button', { name: 'Otra vez 1 min' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bien 10 min' })).toBeVisible();
    // Four answers fit a small phone, two by two.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '.tmp/shots/review-detailed-phone.png', fullPage: true });
    await page.getByRole('button', { name: /^Fácil/ }).click();

    const dialog = page.getByRole('dialog', { name: '¡Buen trabajo!' });
    await expect(dialog.getByRole('definition')).toHaveText(['1', '1']);
    await expect(dialog.getByText('Tus resultados están guardados.')).toBeVisible();
    // The forgotten card relearns in 10 minutes.
    await expect(
      dialog.getByText('¡Todo listo por ahora! Las próximas tarjetas estarán listas dentro de 10 minutos.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    expect(sent.map((r) => [r.card_id, r.rating, r.is_correct, r.reviewed_at])).toEqual([
      [learned!.id, 'again', false, new Date(now).toISOString()],
      [deck.cardIds[1], 'easy', true, new Date(now).toISOString()],
    ]);
  });
});

for (const lang of ['en', 'es'] as const) {
  test.describe(`all done (${lang})`, () => {
    test.use({ language: lang });

    test('nothing due: home and the review screen say so, and when to come back', async ({ page }) => {
      await page.clock.install();
      const now = Date.now();
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 2));
      // Both cards learned a moment ago: next due in days.
      await answerEarlier(
        page,
        ana.id,
        deck.cardIds.flatMap((id) => [
          { card_id: id, rating: 'good' as const, at: now - 20 * MINUTE },
          { card_id: id, rating: 'good' as const, at: now - 5 * MINUTE },
        ]),
      );

      await page.goto('/');
      const done = lang === 'en' ? 'All done for today!' : '¡Todo listo por hoy!';
      const comeBack =
        lang === 'en'
          ? /^Come back (tomorrow|in \d+ days|on .+) for the next cards\.$/
          : /^Vuelve (mañana|dentro de \d+ días|el .+) para las próximas tarjetas\.$/;
      await expect(todayPanel(page).getByText(done)).toBeVisible();
      await expect(todayPanel(page).getByText(comeBack)).toBeVisible();
      await expect(todayPanel(page).getByRole('link')).toHaveCount(0);
      // No card of the deck is due.
      await expect(page.getByRole('link', { name: /to review|por repasar/ })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.goto('/study/review');
      await expect(page.getByRole('heading', { level: 1, name: done })).toBeVisible();
      await expect(page.getByText(comeBack)).toBeVisible();
      await expect(page.locator('[data-illustration="mascot"]')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `.tmp/shots/all-done-${lang}.png`, fullPage: true });
      await page.getByRole('link', { name: lang === 'en' ? 'Go home' : 'Ir al inicio' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test.describe('a day later', () => {
  test('cards learned yesterday come back today, and finishing them starts a streak', async ({ page }) => {
    const now = Date.now();
    // Yesterday, on this page's clock: what the child answers then is saved with yesterday's time.
    await page.clock.install({ time: now - DAY });
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 2));

    await page.goto('/');
    await expect(todayPanel(page)).toContainText('2 new');
    await todayPanel(page).getByRole('link', { name: "Start today's review" }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 2/);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Your results are saved.')).toBeVisible();
    const yesterday = await queueOf(page, ana.id);
    expect(yesterday.cards.map((c) => c.memory.state)).toEqual(['learning', 'learning']);
    expect(Date.parse(yesterday.cards[0]!.memory.last_review!)).toBeLessThan(now - DAY + 5 * MINUTE);

    // A day passes; the child opens the app again.
    await page.clock.fastForward('24:00:00');
    await page.goto('/');
    await expect(todayPanel(page)).toContainText('2 to review');
    await expect(todayPanel(page).getByText(/streak/)).toHaveCount(0);
    await todayPanel(page).getByRole('link', { name: "Start today's review" }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog).toContainText('You remembered all 2 cards!');
    await expect(
      dialog.getByText(/^All done for now! The next cards are ready (tomorrow|in \d+ days|on .+)\.$/),
    ).toBeVisible();
    const today = await queueOf(page, ana.id);
    expect(today.cards).toEqual([]);

    await dialog.getByRole('link', { name: 'Go home' }).click();
    await expect(todayPanel(page).getByText('All done for today!')).toBeVisible();
    await expect(todayPanel(page)).toContainText('1-day streak');
    await expect(todayPanel(page).getByRole('status')).toHaveText('A new streak! 1 day of finished reviews. 🎉');
    await expectNoAxeViolations(page);
    // Seen once: no celebration on the next visit.
    await page.reload();
    await expect(todayPanel(page)).toContainText('1-day streak');
    await expect(todayPanel(page).getByRole('status')).toHaveText('');
  });
});

test.describe('one deck', () => {
  test('the due badge on a deck starts that deck’s review', async ({ page }) => {
    const now = Date.now();
    await signUpViaApi(page);
    const ana = await createStudentViaApi(page, 'Ana', 'English');
    const animals = await seedDeck(page, ana.id, 'Animals', ANIMALS.slice(0, 2));
    const colours = await seedDeck(page, ana.id, 'Colours', [['red', 'rojo']]);
    await answerEarlier(page, ana.id, [
      ...learnedLongAgo(animals.cardIds[0]!, now),
      ...learnedLongAgo(colours.cardIds[0]!, now),
    ]);

    await page.goto('/');
    await expect(todayPanel(page)).toContainText('2 to review · 1 new');
    const badge = page.getByRole('link', { name: '1 to review (Animals)' });
    await expect(badge).toBeVisible();
    await expectNoAxeViolations(page);
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/study/${animals.id}\\?mode=review$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Review: Animals' })).toBeVisible();
    // Only this deck's due card: the new card waits for today's review of all decks.
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 2, English side: dog\./);
    await page.getByRole('button', { name: 'Mastered', exact: true }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Great Job!' });
    await expect(dialog.getByText('Your results are saved.')).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['1', '0', '1']);
    await expect(dialog.getByText('1 more card is waiting.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep going' }).click();
    await expect(studyCard(page)).toHaveAccessibleName(/^Card 1 of 1, English side: cat\./);
    await expect(studyCard(page)).toBeFocused();
  });
});

for (const lang of ['en', 'es'] as const) {
  test.describe(`progress charts (${lang})`, () => {
    test.use({ language: lang, viewport: { width: 390, height: 844 } });

    test('memory tiles, the forecast and the activity calendar, each with its table', async ({ page }) => {
      const now = Date.now();
      await page.clock.install();
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, 'Animals', ANIMALS);
      const [dog, cat, bird] = deck.cardIds as [number, number, number];
      await answerEarlier(page, ana.id, [
        ...learnedLongAgo(dog, now),
        { card_id: cat, rating: 'good', at: now - 3 * DAY },
        { card_id: cat, rating: 'again', at: now - 3 * DAY + 10 * MINUTE },
        { card_id: bird, rating: 'easy', at: now - 2 * DAY },
      ]);
      // A session, so that the SPEC tiles have something to show.
      const session = await page.request.post('/api/study-sessions', {
        data: {
          student_id: ana.id,
          deck_id: deck.id,
          cards_studied: 3,
          cards_mastered: 2,
          cards_not_mastered: 1,
          accuracy_percentage: (2 / 3) * 100,
          study_duration_seconds: 90,
        },
      });
      expect(session.status()).toBe(201);

      const t =
        lang === 'en'
          ? {
              memory: 'Memory',
              learned: 'Cards learned',
              due: 'Due today',
              forecast: 'Cards due in the next 14 days',
              activity: 'Reviews in the last 12 weeks',
              table: 'Show as a table',
              calendar: /^Calendar: 5 reviews on 3 days\.$/,
            }
          : {
              memory: 'Memoria',
              learned: 'Tarjetas aprendidas',
              due: 'Para repasar hoy',
              forecast: 'Tarjetas para repasar en los próximos 14 días',
              activity: 'Repasos de las últimas 12 semanas',
              table: 'Ver como tabla',
              calendar: /^Calendario: 5 repasos en 3 días\.$/,
            };
      await page.goto('/progress');
      const memory = page.getByRole('region', { name: t.memory });
      await expect(memory).toBeVisible();
      const tile = (label: string) => memory.getByRole('term').filter({ hasText: label }).locator('+ dd');
      await expect(tile(t.learned)).toHaveText(/^\d+$/);
      await expect(tile(t.due)).toHaveText(/^[1-9]\d*$/);

      const forecast = page.getByRole('figure', { name: t.forecast });
      await expect(forecast.getByRole('img')).toHaveAccessibleName(/\d/);
      await forecast.getByText(t.table).click();
      await expect(forecast.getByRole('row')).toHaveCount(15);
      const activity = page.getByRole('figure', { name: t.activity });
      await expect(activity.getByRole('img')).toHaveAccessibleName(t.calendar);
      await activity.getByText(t.table).click();
      await expect(activity.getByRole('row')).toHaveCount(4);

      // Readable on a phone: nothing wider than the screen.
      for (const chart of [forecast, activity]) {
        const box = (await chart.locator('svg').first().boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `.tmp/shots/progress-${lang}.png`, fullPage: true });
    });
  });
}
