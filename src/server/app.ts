import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { DEFAULT_RATE_LIMITS, type AppDeps, type AppEnv, type RateLimits } from './context';
import type { Config } from './config';
import type { Db } from './db/database';
import { authRoutes } from './features/auth/auth.routes';
import { bugsRoutes } from './features/bugs/bugs.routes';
import { cardsRoutes } from './features/cards/cards.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { decksRoutes } from './features/decks/decks.routes';
import { exportRoutes } from './features/export/export.routes';
import { healthRoutes } from './features/health/health.routes';
import { imagesRoutes } from './features/images/images.routes';
import { progressRoutes } from './features/progress/progress.routes';
import { studentsRoutes } from './features/students/students.routes';
import { studyRoutes } from './features/study/study.routes';
import { ApiError, handleError, unauthorized } from './http/errors';
import { refuseNulText } from './http/nul-text';
import { sameOriginOnly, securityHeaders } from './http/security';
import { loadSession } from './http/sessions';
import { mountClient } from './http/static';
import { createLogger, type Logger } from './logger';

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: Logger;
  now?: () => Date;
  rateLimits?: Partial<RateLimits>;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
}

/** API paths a visitor may call; every other /api path needs a session (secure by default). */
const PUBLIC_API = [
  /^GET \/api\/health$/,
  /^GET \/api\/openapi\.json$/,
  /^GET \/api\/auth\/providers$/,
  /^POST \/api\/auth\/local\/(signup|login)$/,
  /^GET \/api\/oauth\/[^/]+\/redirect_url$/,
  /^POST \/api\/sessions$/,
  /^GET \/api\/users\/me$/,
  /^GET \/api\/logout$/,
];

const JSON_BODY_LIMIT = 256 * 1024;
/**
 * Multipart card uploads: SPEC §3 sends the same picture twice (front_image and back_image), so
 * twice the per-picture limit plus room for the text fields; each file is checked on its own.
 */
const UPLOAD_BODY_LIMIT = 2 * IMAGE_MAX_BYTES + 256 * 1024;

function withConfiguredMax(config: Config): RateLimits {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const key of Object.keys(out) as (keyof RateLimits)[]) {
    const max = config.rateLimitMax[key];
    if (max) out[key] = { ...out[key], max };
  }
  return out;
}

/** Builds the whole application; tests build it too, on a real database. */
export function createApp(options: AppOptions) {
  const deps: AppDeps = {
    config: options.config,
    db: options.db,
    logger: options.logger ?? createLogger(options.config.logLevel),
    now: options.now ?? (() => new Date()),
    rateLimits: { ...withConfiguredMax(options.config), ...options.rateLimits },
  };
  const api = [
    healthRoutes(deps),
    authRoutes(deps),
    studentsRoutes(deps),
    decksRoutes(deps),
    cardsRoutes(deps),
    imagesRoutes(deps),
    catalogueRoutes(deps),
    studyRoutes(deps),
    progressRoutes(deps),
    bugsRoutes(deps),
    exportRoutes(deps),
  ];
  const known = api
    .flatMap((r) => r.routes)
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({
      method: r.method,
      pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`),
    }));
  const isKnownRoute = (method: string, path: string) => known.some((r) => r.method === method && r.pattern.test(path));

  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.logger));

  app.use(securityHeaders(deps.config));
  // c.header() after a handler rebuilds the response around a stream of its body (sent chunked, at
  // up to 4× the CPU of the JSON answer: bench/README.md). compress() does that to set Vary, so it
  // runs only for clients that accept an encoding; headers below are set in place.
  const compressBody = compress();
  app.use((c, next) => (c.req.header('accept-encoding') ? compressBody(c, next) : next()));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', sameOriginOnly(deps.config));
  app.use('/api/*', (c, next) => {
    const limit =
      c.req.path === '/api/cards' || c.req.path.startsWith('/api/cards/') ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
    const tooLarge = () =>
      new ApiError(413, 'too_large', `Request body is too large (limit ${Math.round(limit / 1024)} KB)`);
    // Node's parser holds a body to its Content-Length, so without Transfer-Encoding the header decides.
    // bodyLimit would first build a full web Request and lose the direct body read (bench/README.md).
    if (!c.req.header('transfer-encoding')) {
      if (Number(c.req.header('content-length') ?? 0) > limit) throw tooLarge();
      return next();
    }
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        throw tooLarge();
      },
    })(c, next);
  });
  app.use('/api/*', loadSession(deps));
  app.use('/api/*', async (c, next) => {
    if (!c.get('user') && !PUBLIC_API.some((re) => re.test(`${c.req.method} ${c.req.path}`))) {
      if (isKnownRoute(c.req.method, c.req.path)) throw unauthorized();
      throw new ApiError(404, 'not_found', 'No such API endpoint');
    }
    await next();
  });
  app.use('/api/*', refuseNulText);
  for (const router of api) app.route('/', router);

  app.get('/api/openapi.json', (c) => {
    const paths = {};
    for (const router of api) {
      const doc = router.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Flashcards API', version: '1' } });
      Object.assign(paths, doc.paths);
    }
    return c.json({ openapi: '3.1.0', info: { title: 'Flashcards API', version: '1' }, paths });
  });

  app.all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'No such API endpoint');
  });
  if (options.clientDir) mountClient(app, options.clientDir);
  app.notFound((c) => c.json({ error: 'Not found', code: 'not_found' }, 404));
  return { app, deps };
}

export type App = ReturnType<typeof createApp>['app'];
