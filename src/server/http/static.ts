import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context';

/**
 * Serves the built client: fingerprinted assets with an immutable cache lifetime, and index.html
 * (never cached) for every other GET outside /api so that each route works as a deep link.
 */
export function mountClient(app: Hono<AppEnv>, clientDir: string): void {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), clientDir) || '.';

  const serveIndex = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  };
  app.use('/assets/*', async (c, next) => {
    await next();
    // Set in place: c.header() after the handler would wrap the response once more.
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker and the manifest keep their names across builds: revalidated on every
  // check, so a new version is found (the browser compares sw.js byte for byte).
  for (const file of ['/sw.js', '/manifest.webmanifest']) {
    app.use(file, async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
    });
  }
  // Before serveStatic, which would answer / from the folder without Cache-Control: a browser could
  // then keep an old index.html that names assets a new build no longer has.
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.use('/*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    // A missing asset (e.g. a chunk of an older build) is a 404, not index.html cached for a year.
    if (c.req.path.startsWith('/assets/')) return c.notFound();
    return serveIndex(c);
  });
}
