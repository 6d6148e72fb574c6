import { createRoute } from '@hono/zod-openapi';
import { classProgressQuerySchema, classProgressSchema } from '@shared/schemas/class-progress';
import { createRouter, actor, type AppDeps } from '../../context';
import { sendJson } from '../../http/answers';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { classProgress } from './class-progress.service';
import { needs } from '../access';

const classRoute = createRoute({
  method: 'get',
  path: '/api/progress/students',
  middleware: needs('progress.family'),
  description:
    'Every student of the family with due today, answers over the last 7 days, accuracy over the last 30 days, ' +
    'cards learnt and last studied, in the local day of `tz` (an IANA time zone name; UTC when absent).',
  request: { query: classProgressQuerySchema },
  responses: { 200: jsonResponse(classProgressSchema, 'A row per student'), ...errorResponses(400, 401) },
});

/** "All students" (mounted before progressRoutes: its path would otherwise be read as a student id). */
export function classProgressRoutes(deps: AppDeps) {
  const r = createRouter();
  r.openapi(classRoute, async (c) =>
    sendJson(c, await classProgress(deps.db.kysely, actor(c), c.req.valid('query').tz, deps.now()), 200),
  );
  return r;
}
