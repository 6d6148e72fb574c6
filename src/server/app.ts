import { Hono } from 'hono';
import { DEFAULT_RATE_LIMITS, type AppDeps, type AppEnv, type RateLimits } from './context';
import type { Config } from './config';
import type { Db } from './db/database';
import { audioRoutes } from './features/audio/audio.routes';
import { authRoutes } from './features/auth/auth.routes';
import { bugsRoutes } from './features/bugs/bugs.routes';
import { cardsRoutes } from './features/cards/cards.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { childModeRoutes } from './features/child-mode/child-mode.routes';
import { decksRoutes } from './features/decks/decks.routes';
import { exportRoutes } from './features/export/export.routes';
import { familiesRoutes } from './features/families/families.routes';
import { healthRoutes } from './features/health/health.routes';
import { imagesRoutes } from './features/images/images.routes';
import { memoryRoutes } from './features/memory/memory.routes';
import { classProgressRoutes } from './features/progress/class-progress.routes';
import { progressRoutes } from './features/progress/progress.routes';
import { scheduleRoutes } from './features/schedule/schedule.routes';
import { sharingRoutes } from './features/sharing/sharing.routes';
import { studentsRoutes } from './features/students/students.routes';
import { studyRoutes } from './features/study/study.routes';
import { transferRoutes } from './features/transfer/transfer.routes';
import { statedBy } from './features/access';
import { apiGuard } from './http/api-guard';
import { ApiError, handleError } from './http/errors';
import { responseHeaders } from './http/security';
import { clientScriptHashes, mountClient } from './http/static';
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
    audioRoutes(deps),
    catalogueRoutes(deps),
    studyRoutes(deps),
    classProgressRoutes(deps),
    progressRoutes(deps),
    memoryRoutes(deps),
    bugsRoutes(deps),
    exportRoutes(deps),
    transferRoutes(deps),
    sharingRoutes(deps),
    familiesRoutes(deps),
    childModeRoutes(deps),
    scheduleRoutes(deps),
  ];
  const known = api
    .flatMap((r) => r.routes)
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({
      method: r.method,
      path: r.path,
      pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`),
      needs: statedBy(r.handler),
    }));
  const isKnownRoute = (method: string, path: string) => known.some((r) => r.method === method && r.pattern.test(path));
  // The first route that answers a request (Hono tries them in the order they were added) states its permission.
  const statedPermission = (method: string, path: string) => {
    const route = known.find((r) => r.method === method && r.pattern.test(path));
    const stated = route && known.find((r) => r.method === method && r.path === route.path && r.needs)?.needs;
    return stated && { needs: stated, path: route.path };
  };

  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.logger));

  // Two middlewares: the headers of every answer, and the checks of every API request.
  // The CSP names the built page's inline scripts by hash.
  app.use(responseHeaders(deps.config, options.clientDir ? clientScriptHashes(options.clientDir) : []));
  app.use(
    '/api/*',
    apiGuard(deps, {
      isPublic: (method, path) => PUBLIC_API.some((re) => re.test(`${method} ${path}`)),
      isKnownRoute,
      statedPermission,
    }),
  );
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
