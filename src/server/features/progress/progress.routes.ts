import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { progressSchema } from '@shared/schemas/progress';
import { timeZoneSchema } from '@shared/schemas/review';
import { createRouter, actor, type AppDeps } from '../../context';
import { sendJson } from '../../http/answers';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { progressService } from './progress.service';
import { needs } from '../access';

const getRoute = createRoute({
  method: 'get',
  path: '/api/progress/{studentId}',
  middleware: needs('student.read', { param: 'studentId', missing: 'Student not found' }),
  description:
    "`memory_statistics` are counted in the student's local day (`tz`, an IANA time zone name; UTC when absent).",
  request: { params: z.object({ studentId: idParamSchema }), query: z.object({ tz: timeZoneSchema.optional() }) },
  responses: { 200: jsonResponse(progressSchema, "The student's progress"), ...errorResponses(400, 401, 404) },
});
const nukeRoute = createRoute({
  method: 'delete',
  path: '/api/students/{id}/nuke-progress',
  middleware: needs('student.edit', { param: 'id', missing: 'Student not found' }),
  request: { params: z.object({ id: idParamSchema }) },
  responses: {
    200: jsonResponse(okSchema, 'All sessions, card results, review log and memory of the student deleted'),
    ...errorResponses(400, 401, 404),
  },
});
const removeDeckRoute = createRoute({
  method: 'delete',
  path: '/api/students/{id}/decks/{deckId}/remove-progress',
  middleware: needs('student.edit', { param: 'id', missing: 'Student not found' }),
  request: { params: z.object({ id: idParamSchema, deckId: idParamSchema }) },
  responses: {
    200: jsonResponse(okSchema, "The student's sessions, card results, review log and memory of the deck deleted"),
    ...errorResponses(400, 401, 404),
  },
});

/** A student's progress (statistics computed by the database) and resetting it. */
export function progressRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = progressService(deps);

  r.openapi(getRoute, async (c) => {
    const { studentId } = c.req.valid('param');
    return sendJson(c, await service.get(actor(c), studentId, c.req.valid('query').tz), 200);
  });

  r.openapi(nukeRoute, async (c) => {
    await service.nuke(c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(removeDeckRoute, async (c) => {
    const { id, deckId } = c.req.valid('param');
    await service.removeDeck(actor(c), id, deckId);
    return c.json({ ok: true as const }, 200);
  });

  return r;
}
