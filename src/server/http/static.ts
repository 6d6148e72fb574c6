import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
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

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
