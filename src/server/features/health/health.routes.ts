import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createRouter, type AppDeps } from '../../context';
import { ping } from '../../db/database';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { needs } from '../access';

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  middleware: needs('public'),
  responses: {
    200: jsonResponse(z.object({ ok: z.literal(true), database: z.enum(['sqlite', 'postgres']) }), 'Up'),
    ...errorResponses(503),
  },
});

/** Liveness and database reachability, for load balancers and monitors. */
export function healthRoutes(deps: AppDeps) {
  return createRouter().openapi(healthRoute, async (c) => {
    await ping(deps.db).catch(() => {
      throw new ApiError(503, 'database_unavailable', 'Database unavailable');
    });
    return c.json({ ok: true as const, database: deps.db.dialect }, 200);
  });
}
