// "Import cards" in the browser: 5,000 pasted rows (a Quizlet export) through the paste box and the
// preview (papaparse, the column mapping, every row checked, the table drawn), in Chromium driven by
// Playwright on the built app. Times are taken inside the page, from the event to the next frame.
import { chromium } from 'playwright-core';

export const PASTE_SIZES = { rows: 5_000, runs: 5 };

// DESIGN §11: the flags this machine's Chromium needs.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A Quizlet export (tab between term and definition, new line between rows), with `;` and `,` inside cards. */
export function quizletText(rows) {
  return Array.from(
    { length: rows },
    (_, i) => `word number ${i}, with context\tpalabra número ${i}; sinónimo ${i % 7 === 0 ? '"entre comillas"' : ''}`,
  ).join('\n');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (v) => Math.round(v * 10) / 10;

/** In the page: the paste (the textarea's input event) and Preview, each until the frame after it. */
async function measureOnce(page, text) {
  return page.evaluate(async (pasted) => {
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const dialog = () => document.querySelector('[role="dialog"]');
    const area = dialog().querySelector('textarea');
    let start = performance.now();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, pasted);
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await nextFrame();
    const paste = performance.now() - start;
    const preview = [...dialog().querySelectorAll('button')].find((b) => b.type === 'submit');
    start = performance.now();
    preview.click();
    for (;;) {
      const shown = dialog().querySelector('table tbody tr') && /5,000 cards ready/.test(dialog().textContent);
      if (shown) break;
      await new Promise((r) => requestAnimationFrame(r));
    }
    await nextFrame();
    return { paste, preview: performance.now() - start };
  }, text);
}

/** Median and worst of PASTE_SIZES.runs runs, at full speed and with the CPU slowed 4× (as Lighthouse's mobile preset). */
export async function pastePreviewFigures(baseUrl, cookie, deckId, log) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
    await context.addInitScript(() => {
      for (const key of ['onboardingCompleted', 'productTourCompleted', 'studyTourCompleted', 'signedIn'])
        localStorage.setItem(key, 'true');
      localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const text = quizletText(PASTE_SIZES.rows);
    const out = { sizes: { ...PASTE_SIZES, bytes: Buffer.byteLength(text) } };
    for (const [label, rate] of [
      ['full_speed', 1],
      ['cpu_4x_slower', 4],
    ]) {
      const runs = [];
      for (let i = 0; i < PASTE_SIZES.runs; i++) {
        log(
          `paste preview: ${PASTE_SIZES.rows} rows, ${label.replaceAll('_', ' ')} (run ${i + 1}/${PASTE_SIZES.runs})`,
        );
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.goto(`${baseUrl}/deck/${deckId}`);
        await page.getByRole('button', { name: 'Import cards' }).click();
        await page.getByLabel('Paste your list').waitFor();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        runs.push(await measureOnce(page, text));
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const pick = (key) => runs.map((r) => r[key]);
      out[label] = {
        paste_ms: round(median(pick('paste'))),
        preview_ms: round(median(pick('preview'))),
        preview_worst_ms: round(Math.max(...pick('preview'))),
        paste_and_preview_worst_ms: round(Math.max(...runs.map((r) => r.paste + r.preview))),
        runs: runs.map((r) => ({ paste_ms: round(r.paste), preview_ms: round(r.preview) })),
      };
    }
    return out;
  } finally {
    await browser.close();
  }
}
