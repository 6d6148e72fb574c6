import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/** Waits until the service worker controls the page (it claims the page on its first install). */
async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Whether each URL is in the service worker's media cache (MEDIA_CACHE in src/client/sw/media-route.ts). */
async function inMediaCache(page: Page, urls: string[]) {
  return page.evaluate(
    (list) => Promise.all(list.map((url) => caches.match(url, { cacheName: 'offline-media-v1' }).then(Boolean))),
    urls,
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

/** Half a second of a tone, as a WAV file (the server stores recordings as MP3). */
function wav(seconds = 0.5, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return buf;
}

test.describe('Install and offline app shell', () => {
  test('links a valid manifest with reachable icons, maskable ones included, and Chromium finds the app installable', async ({
    page,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Flashcards',
      short_name: 'Flashcards',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2f5bd3',
      background_color: '#f7f9fc',
    });
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.filter((i) => i.sizes === size).map((i) => i.purpose)).toEqual(
        expect.arrayContaining(['any', 'maskable']),
      );
    }
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await png.body()).join('x'), icon.src).toBe(icon.sizes);
    }

    await controlledBySw(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito ones, where Chromium never offers to install.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('opens offline from the service worker, signed out, and passes axe', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
    await controlledBySw(page);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
    // A deep link is the app shell too, answered by the router.
    await page.goto('/deck/123');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
    await expectNoAxeViolations(page);
    await context.setOffline(false);
  });

  test('pictures viewed and recordings fetched online load offline (recordings by byte range); signing out drops them', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    const student = await createStudentViaApi(page, 'Mia');
    const deck = (await (
      await page.request.post('/api/decks', { data: { title: 'Sunny things', student_id: student.id } })
    ).json()) as { id: number };
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffc93c' } })
      .png()
      .toBuffer();
    const created = await page.request.post('/api/cards', {
      multipart: {
        deck_id: String(deck.id),
        en: 'sun',
        es: 'sol',
        front_image: { name: 'sun.png', mimeType: 'image/png', buffer: picture },
        en_audio: { name: 'en.wav', mimeType: 'audio/wav', buffer: wav() },
      },
    });
    expect(created.status()).toBe(201);
    const card = (await created.json()) as { front_image_key: string; en_audio_key: string };
    const imageUrl = `/api/images/${encodeURIComponent(card.front_image_key)}`;
    const audioUrl = `/api/audio/${encodeURIComponent(card.en_audio_key)}`;

    await page.goto('/');
    await controlledBySw(page);
    await page.goto(`/deck/${deck.id}`);
    const img = page.locator(`img[src="${imageUrl}"]`).first();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    // As media-cache.ts's keepMedia does for decks kept on the device.
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), audioUrl)).toBe(200);

    // Kept by the service worker itself, not only by the browser's HTTP cache.
    expect(await inMediaCache(page, [imageUrl, audioUrl])).toEqual([true, true]);
    await context.setOffline(true);
    const offline = await page.evaluate(
      async ([image, audio]) => {
        const picture = new Image();
        picture.src = image!;
        await picture.decode();
        const full = await fetch(audio!);
        const part = await fetch(audio!, { headers: { Range: 'bytes=0-99' } });
        return {
          width: picture.naturalWidth,
          audio: [full.status, (await full.arrayBuffer()).byteLength],
          range: [part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength],
        };
      },
      [imageUrl, audioUrl],
    );
    expect(offline.width).toBe(400);
    expect(offline.audio[0]).toBe(200);
    const audioBytes = offline.audio[1] as number;
    expect(offline.range).toEqual([206, `bytes 0-99/${audioBytes}`, 100]);

    await context.setOffline(false);
    // As the account menu's "Sign out" does.
    expect(await page.evaluate(() => fetch('/api/logout').then((r) => r.ok))).toBe(true);
    expect(await inMediaCache(page, [imageUrl, audioUrl])).toEqual([false, false]);
  });
});

/** The built app on its own port from a copy of the build, so that a "new build" can replace it. */
class CopiedApp {
  readonly dir = path.resolve('.tmp', `e2e-update-${process.pid}-${Date.now()}`);
  private server: ChildProcess | undefined;
  constructor(readonly port: number) {
    const built = process.env.BUILD_DIR ?? 'dist';
    // Inside the project, so that the server bundle finds node_modules.
    fs.cpSync(built, this.dir, { recursive: true });
    fs.mkdirSync(path.join(this.dir, 'data'));
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.server = spawn(process.execPath, [path.join(this.dir, 'server/index.js')], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(this.dir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await expect
      .poll(
        () =>
          fetch(`${this.url}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  }
  async stop() {
    if (!this.server || this.server.exitCode !== null) return;
    const exited = new Promise((r) => this.server!.once('exit', r));
    this.server.kill('SIGTERM');
    await exited;
  }
  /** A new version: a changed index.html, and the service worker built again over it (npm run build's step). */
  newBuild(marker: string) {
    const client = path.join(this.dir, 'client');
    const index = path.join(client, 'index.html');
    fs.writeFileSync(
      index,
      fs.readFileSync(index, 'utf8').replace('</head>', `<meta name="e2e-build" content="${marker}" /></head>`),
    );
    for (const stale of ['index.html.br', 'index.html.gz', 'sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(client, stale));
    const built = spawnSync(process.execPath, ['scripts/build-sw.mjs'], {
      env: { ...process.env, BUILD_DIR: this.dir },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
  }
  remove() {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

test.describe('Update flow', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new version waits, the open app offers "Update available", and Reload loads it', async ({ page }) => {
    test.setTimeout(90_000);
    const app = new CopiedApp(await freePort());
    try {
      await app.start();
      await page.goto(app.url);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
      await controlledBySw(page);

      await app.stop();
      app.newBuild('2');
      await app.start();

      // The open app (a reload is what a browser does on any visit) still runs the old version...
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
      const reload = page.getByRole('button', { name: 'Reload', exact: true });
      await expect(reload).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Update available')).toBeVisible();
      expect(await page.locator('meta[name="e2e-build"]').count()).toBe(0);
      await expectNoAxeViolations(page);

      // ...until asked, by keyboard here.
      await reload.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('meta[name="e2e-build"]')).toHaveAttribute('content', '2');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn English and Spanish');
      await expect(reload).toBeHidden();
    } finally {
      await app.stop();
      app.remove();
    }
  });
});
