import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context';

/** A route's code beyond the entry's, as the build lists it (scripts/route-preload-plugin.ts). */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

const matchesRoute = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
};

/**
 * index.html for `pathname`, naming in its head the code of the page it shows (the first listed
 * route that matches): the browser then fetches it alongside the entry rather than after it.
 */
export function htmlWithRoutePreloads(html: string, preloads: readonly RoutePreload[], pathname: string): string {
  const route = preloads.find((r) => matchesRoute(r.path, pathname));
  if (!route) return html;
  const links = [
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of `html`: the built index.html's theme boot
 * and early reads (scripts/theme-boot-plugin.ts, scripts/early-reads-plugin.ts), which run in the
 * head before anything is downloaded. Any other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs!) || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** `inlineScriptHashes` of the built client's index.html in `clientDir`; none without a build. */
export function clientScriptHashes(clientDir: string): string[] {
  const indexFile = path.join(clientDir, 'index.html');
  return fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
}

/**
 * Serves the built client: fingerprinted assets with an immutable cache lifetime, and index.html
 * (never cached) for every other GET outside /api so that each route works as a deep link.
 */
export function mountClient(app: Hono<AppEnv>, clientDir: string): void {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const preloadsFile = path.join(clientDir, 'route-preloads.json');
  const preloads: RoutePreload[] = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as RoutePreload[])
    : [];
  // Built once per route pattern rather than per request.
  const pages = new Map<string, string>();
  const htmlFor = (pathname: string) => {
    const route = preloads.find((r) => matchesRoute(r.path, pathname));
    if (!route) return indexHtml;
    let html = pages.get(route.path);
    if (html === undefined) pages.set(route.path, (html = htmlWithRoutePreloads(indexHtml, [route], pathname)));
    return html;
  };
  const root = path.relative(process.cwd(), clientDir) || '.';

  const serveIndex = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(htmlFor(c.req.path));
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
  // The build's list for the server, not a file for browsers.
  app.get('/route-preloads.json', (c) => c.notFound());
  app.use('/*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    // A missing asset (e.g. a chunk of an older build) is a 404, not index.html cached for a year.
    if (c.req.path.startsWith('/assets/')) return c.notFound();
    return serveIndex(c);
  });
}
