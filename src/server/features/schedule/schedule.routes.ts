import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { scheduleSchema, tuningQueuedSchema } from '@shared/schemas/schedule';
import { createRouter, type AppDeps } from '../../context';
import { sendJson } from '../../http/answers';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { requestTuning, resetSchedule, scheduleView } from './schedule.service';
import { needs } from '../access';

const params = z.object({ id: idParamSchema });

const getRoute = createRoute({
  method: 'get',
  path: '/api/students/{id}/schedule',
  middleware: needs('schedule.manage', { param: 'id', missing: 'Student not found' }),
  description:
    "The student's memory-model parameters (their own once tuned, else FSRS's defaults), the latest " +
    'evaluation of tuned against default parameters on their most recent answers (log loss and RMSE over ' +
    'bins, as srs-benchmark), predicted against actual recall by bins, and the latest tuning. 404 for another ' +
    'family’s student.',
  request: { params },
  responses: { 200: jsonResponse(scheduleSchema, "The student's schedule"), ...errorResponses(400, 401, 404) },
});

const tuneRoute = createRoute({
  method: 'post',
  path: '/api/students/{id}/schedule/tune',
  middleware: needs('schedule.manage', { param: 'id', missing: 'Student not found' }),
  description:
    'Starts tuning the parameters to the student’s answers, in the background: 202 with the tuning and where ' +
    'to follow it (GET /api/students/{id}/schedule), 409 while one is under way, 422 with the reason when there ' +
    'are too few answers. New parameters are kept only when they predict the most recent answers better.',
  request: { params },
  responses: {
    202: jsonResponse(tuningQueuedSchema, 'Tuning queued'),
    ...errorResponses(400, 401, 404, 409),
    422: jsonResponse(z.object({ error: z.string(), code: z.string() }), 'Too few answers'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/students/{id}/schedule',
  middleware: needs('schedule.manage', { param: 'id', missing: 'Student not found' }),
  description: 'Back to FSRS’s default parameters (the evaluations stay). 404 for another family’s student.',
  request: { params },
  responses: { 200: jsonResponse(scheduleSchema, "The student's schedule"), ...errorResponses(400, 401, 404) },
});

/** A schedule fitted to each child (issue 26). */
export function scheduleRoutes(deps: AppDeps) {
  const r = createRouter();
  r.openapi(getRoute, async (c) => sendJson(c, await scheduleView(deps.db.kysely, c.req.valid('param').id), 200));
  r.openapi(tuneRoute, async (c) => {
    const queued = await requestTuning(deps, c.req.valid('param').id);
    c.header('location', queued.location);
    return sendJson(c, queued, 202);
  });
  r.openapi(deleteRoute, async (c) => sendJson(c, await resetSchedule(deps.db.kysely, c.req.valid('param').id), 200));
  return r;
}
