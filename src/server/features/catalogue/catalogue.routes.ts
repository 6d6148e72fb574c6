import { createRoute } from '@hono/zod-openapi';
import { catalogueResponseSchema } from '@shared/schemas/catalogue';
import { CATALOGUE } from '../../catalogue/index';
import { createRouter, type AppDeps } from '../../context';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { needs } from '../access';

const listRoute = createRoute({
  method: 'get',
  path: '/api/catalogue',
  middleware: needs('catalogue.read'),
  responses: {
    200: jsonResponse(catalogueResponseSchema, 'The bundled starter decks with their cards'),
    ...errorResponses(401),
  },
});

/** The starter decks a user can import (bundled data, the same for everyone). */
export function catalogueRoutes(_deps: AppDeps) {
  const r = createRouter();
  r.openapi(listRoute, (c) => c.json({ decks: [...CATALOGUE] }, 200));
  return r;
}
