// `npm run screenshots`: pictures of the app for docs/screenshots/ (linked from the README). Starts the
// built app (building it first when missing) on a free loopback port with a throw-away data folder,
// makes a family through the API (two children, an own deck with pictures, an imported starter deck,
// some study sessions), then photographs home, deck detail, study (front, back, celebration),
// the games (picker, listen and pick, picture or word, match, spell it), the home tour's step about the games,
// progress, onboarding and settings at 1280 × 800 and 390 × 844: in English with the Classic theme
// and in Spanish with Ocean Breeze. PNGs are reduced to a palette (sharp) to keep the folder small.
// It also takes the picture that home tour step shows (the games screen on a phone, per language) into
// src/client/features/tours/images/ as WebP; the next build serves it.
// Emoji (the games' icons) need a colour emoji font, e.g. Debian's fonts-noto-color-emoji.
// Chromium: CHROME_PATH or /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const OUT = path.resolve('docs/screenshots');
const TOUR_IMAGES = path.resolve('src/client/features/tours/images');
/** The size of the tour's picture; features/tours/components/home-tour.tsx declares the same. */
const TOUR_PICTURE = { width: 640, height: 560 };
const dist = process.env.BUILD_DIR ?? 'dist';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LOOKS = [
  { language: 'en', theme: 'default' },
  { language: 'es', theme: 'ocean' },
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startApp() {
  if (!fs.existsSync(`${dist}/server/index.js`) || !fs.existsSync(`${dist}/client/index.html`)) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-shots-'));
  const port = await freePort();
  const server = spawn(process.execPath, [`${dist}/server/index.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || i > 100) throw new Error('The app server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** A simple, friendly picture for a card (drawn as SVG, stored as the app stores uploads). */
const picture = (body) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">${body}</svg>`))
    .png()
    .toBuffer();
const PICTURES = {
  sun: `<rect width="480" height="360" fill="#bfe6ff"/><circle cx="240" cy="180" r="90" fill="#ffc93c"/><g stroke="#ffb000" stroke-width="18" stroke-linecap="round"><path d="M240 40v40M240 280v40M100 180h40M340 180h40M141 81l28 28M311 251l28 28M141 279l28-28M311 109l28-28"/></g>`,
  apple: `<rect width="480" height="360" fill="#fff1e6"/><circle cx="210" cy="200" r="95" fill="#e63946"/><circle cx="275" cy="200" r="95" fill="#e63946"/><path d="M245 110c0-30 10-50 30-60" stroke="#6b4226" stroke-width="14" fill="none" stroke-linecap="round"/><ellipse cx="300" cy="80" rx="40" ry="20" fill="#52b788" transform="rotate(-25 300 80)"/>`,
  fish: `<rect width="480" height="360" fill="#d8f3ff"/><ellipse cx="230" cy="180" rx="120" ry="70" fill="#ff8c42"/><path d="M340 180l80-60v120z" fill="#ff8c42"/><circle cx="170" cy="165" r="14" fill="#fff"/><circle cx="172" cy="165" r="7" fill="#222"/>`,
  flower: `<rect width="480" height="360" fill="#eaffea"/><path d="M240 200v140" stroke="#2d6a4f" stroke-width="14"/><g fill="#ff70a6"><circle cx="240" cy="110" r="50"/><circle cx="300" cy="160" r="50"/><circle cx="180" cy="160" r="50"/><circle cx="270" cy="220" r="50"/><circle cx="210" cy="220" r="50"/></g><circle cx="240" cy="170" r="38" fill="#ffd166"/>`,
};

async function seed(request) {
  const ok = async (res) => {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  await ok(
    await request.post('/api/auth/local/signup', {
      data: { email: 'maria.lopez@example.com', password: 'correct horse battery', name: 'María' },
    }),
  );
  const ana = await ok(
    await request.post('/api/students', { data: { name: 'Ana', native_language: 'English', age: 6 } }),
  );
  await ok(await request.post('/api/students', { data: { name: 'Ben', native_language: 'Español', age: 8 } }));
  const animals = await ok(
    await request.post('/api/decks', {
      data: { title: 'Sunny things', subtitle: 'Words for a day outside', color: '#feca57', student_id: ana.id },
    }),
  );
  const cards = [];
  for (const [en, es, key] of [
    ['the sun', 'el sol', 'sun'],
    ['the apple', 'la manzana', 'apple'],
    ['the fish', 'el pez', 'fish'],
    ['the flower', 'la flor', 'flower'],
    ['Good afternoon', 'Buenas tardes', null],
  ]) {
    const multipart = { deck_id: String(animals.id), en, es };
    if (key)
      multipart.front_image = { name: `${key}.png`, mimeType: 'image/png', buffer: await picture(PICTURES[key]) };
    cards.push(await ok(await request.post('/api/cards', { multipart })));
  }
  await ok(
    await request.post('/api/decks', {
      data: { title: 'Colours', subtitle: 'Red, blue and green', color: '#54a0ff', student_id: null },
    }),
  );
  const { decks } = await ok(await request.get('/api/catalogue'));
  const week1 = decks[0];
  const imported = await ok(
    await request.post('/api/decks', {
      data: {
        title: week1.title,
        subtitle: week1.subtitle,
        color: week1.color,
        student_id: ana.id,
        is_imported: true,
        original_deck_id: week1.id,
      },
    }),
  );
  await ok(await request.post(`/api/decks/${imported.id}/import-cards`, { data: { cards: week1.cards } }));
  for (const [correct, seconds] of [
    [[true, true, false, true, true], 95],
    [[true, true, true, true, true], 40],
  ]) {
    const mastered = correct.filter(Boolean).length;
    await ok(
      await request.post('/api/study-sessions', {
        data: {
          student_id: ana.id,
          deck_id: animals.id,
          cards_studied: correct.length,
          cards_mastered: mastered,
          cards_not_mastered: correct.length - mastered,
          accuracy_percentage: (mastered / correct.length) * 100,
          study_duration_seconds: seconds,
        },
      }),
    );
    await ok(
      await request.post('/api/card-performance', {
        data: { student_id: ana.id, card_results: cards.map((c, i) => ({ card_id: c.id, is_correct: correct[i] })) },
      }),
    );
  }
  return { studentId: ana.id, deckId: animals.id, cardCount: cards.length };
}

async function save(page, name) {
  const png = await page.screenshot();
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
  fs.writeFileSync(path.join(OUT, `${name}.png`), small);
  return small.length;
}

/** A browser context signed in as the family, with the look's language and theme and the intro done. */
async function lookContext(browser, baseURL, cookies, family, { viewport, language, theme, scale = 1 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: scale,
    reducedMotion: 'reduce',
    locale: language === 'es' ? 'es-ES' : 'en-US',
  });
  await context.addCookies(cookies);
  await context.addInitScript(
    ([lang, th, student]) => {
      const flags = {
        language: lang,
        theme: th,
        onboardingCompleted: 'true',
        productTourCompleted: 'true',
        studyTourCompleted: 'true',
        currentStudentId: String(student),
        signedIn: 'true',
      };
      for (const [k, v] of Object.entries(flags)) localStorage.setItem(k, v);
    },
    [language, theme, family.studentId],
  );
  return context;
}

/**
 * The games screen's four buttons on a phone (at twice the pixels, as a phone shows them), for the
 * home tour's step about the games: the list with a margin of the page around it, fitted into
 * TOUR_PICTURE, as WebP.
 */
async function tourPicture(browser, baseURL, cookies, family, look) {
  const context = await lookContext(browser, baseURL, cookies, family, {
    ...look,
    viewport: VIEWPORTS.phone,
    scale: 2,
  });
  const page = await context.newPage();
  await page.goto(`/play/${family.deckId}`);
  await settle(page);
  // The heading has the focus (and its ring) as the screen opens: not part of the picture.
  await page.evaluate(() => document.activeElement?.blur());
  const box = await page.locator('main ul').first().boundingBox();
  const margin = 8;
  const png = await page.screenshot({
    clip: { x: 0, y: Math.max(0, box.y - margin), width: VIEWPORTS.phone.width, height: box.height + 2 * margin },
    scale: 'device',
  });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await context.close();
  const webp = await sharp(png)
    .resize({ ...TOUR_PICTURE, fit: 'contain', background })
    .webp({ quality: 80 })
    .toBuffer();
  fs.mkdirSync(TOUR_IMAGES, { recursive: true });
  fs.writeFileSync(path.join(TOUR_IMAGES, `games-${look.language}.webp`), webp);
  return webp.length;
}

/** Waits until the page has settled: no spinner, fonts loaded, pictures decoded. */
async function settle(page) {
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"]:has-text("Loading")')
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
  });
}

async function main() {
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const setup = await browser.newContext({ baseURL: app.url });
    const family = await seed(setup.request);
    const { cookies } = await setup.storageState();
    await setup.close();
    fs.mkdirSync(OUT, { recursive: true });
    for (const f of fs.readdirSync(OUT)) if (f.endsWith('.png')) fs.rmSync(path.join(OUT, f));
    let total = 0;
    let count = 0;
    for (const look of LOOKS) total += await tourPicture(browser, app.url, cookies, family, look);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const { language, theme } of LOOKS) {
        const context = await lookContext(browser, app.url, cookies, family, { viewport, language, theme });
        const page = await context.newPage();
        const shot = async (name) => {
          total += await save(page, `${name}-${size}-${language}-${theme}`);
          count += 1;
        };

        await page.goto('/');
        await settle(page);
        await shot('home');

        await page.goto(`/deck/${family.deckId}`);
        await settle(page);
        await shot('deck');

        await page.goto(`/study/${family.deckId}?startWithFront=true`);
        await settle(page);
        await shot('study-front');
        await page.locator('[data-tour="study-card"]').click();
        await settle(page);
        await shot('study-back');
        for (let i = 0; i < family.cardCount; i++) await page.locator('[data-tour="study-mastered"]').click();
        await page.getByRole('dialog').waitFor();
        await settle(page);
        await shot('study-celebration');

        // The games (issue 25): the picker, then listen and pick, picture or word, match and spell it.
        await page.goto(`/play/${family.deckId}`);
        await settle(page);
        await shot('play-modes');
        for (const mode of ['listen', 'choice', 'match', 'spell']) {
          await page.goto(`/play/${family.deckId}?mode=${mode}`);
          await settle(page);
          await shot(`play-${mode}`);
        }

        // The home tour's step about the games (asked for again, as the settings' "start tour" does).
        await page.goto('/');
        await page.evaluate(() => localStorage.setItem('showProductTour', 'true'));
        await page.reload();
        const tour = page.getByRole('dialog').filter({ has: page.locator('h2') });
        await tour.waitFor();
        for (let i = 0; i < 2; i++) await tour.locator('button').last().click();
        await tour.locator('img').waitFor();
        await settle(page);
        await shot('tour-games');
        await page.keyboard.press('Escape');

        await page.goto('/progress');
        await settle(page);
        await shot('progress');

        await page.goto('/onboarding');
        await settle(page);
        await shot('onboarding');

        await page.goto('/');
        await settle(page);
        await page.locator('[data-tour="user-menu"] button').click();
        await page.getByRole('menuitem').nth(2).click();
        await page.getByRole('dialog').waitFor();
        await page.getByRole('dialog').locator('ul button').nth(1).click();
        await settle(page);
        await shot('settings');
        await context.close();
      }
    }
    console.log(`${count} screenshots, ${(total / 1000).toFixed(0)} kB, in ${path.relative(process.cwd(), OUT)}/`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
