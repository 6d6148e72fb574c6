import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { memoryStatesQuerySchema, memoryStatesSchema } from '@shared/schemas/memory-states';
import { reviewQuerySchema, reviewQueueSchema } from '@shared/schemas/review';
import { createRouter, actor, type AppDeps } from '../../context';
import { sendJson } from '../../http/answers';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { memoryStates } from './memory-states.service';
import { reviewQueue } from './review-queue.service';
import { needs } from '../access';

const reviewRoute = createRoute({
  method: 'get',
  path: '/api/students/{id}/review',
  middleware: needs('student.read', { param: 'id', missing: 'Student not found' }),
  description:
    "The student's review now, in their local day (`tz`, an IANA time zone name; UTC when absent): due cards " +
    '(most overdue first), then cards in their learning steps, then the day’s remaining new cards in deck order, ' +
    'at most one session of them, within the daily limits. Without `deck_id`, across all the student’s decks ' +
    '(archived ones left out). 404 for another family’s student or deck, 400 for an unknown time zone.',
  request: { params: z.object({ id: idParamSchema }), query: reviewQuerySchema },
  responses: {
    200: jsonResponse(reviewQueueSchema, "The student's review queue"),
    ...errorResponses(400, 401, 404),
  },
});

const memoryStatesRoute = createRoute({
  method: 'get',
  path: '/api/students/{id}/memory-states',
  middleware: needs('student.read', { param: 'id', missing: 'Student not found' }),
  description:
    "The student's memory of every card they have answered in their decks, and how many cards they answered " +
    'today in `tz` (an IANA time zone name; UTC when absent): what a device needs to compute the review queue ' +
    'offline. 404 for another family’s student, 400 for an unknown time zone.',
  request: { params: z.object({ id: idParamSchema }), query: memoryStatesQuerySchema },
  responses: {
    200: jsonResponse(memoryStatesSchema, "The student's memory states"),
    ...errorResponses(400, 401, 404),
  },
});

/** A student's spaced-repetition review (answers are saved through POST /api/card-performance). */
export function memoryRoutes(deps: AppDeps) {
  const r = createRouter();

  r.openapi(reviewRoute, async (c) => {
    const { deck_id: deckId, tz } = c.req.valid('query');
    const queue = await reviewQueue(deps.db.kysely, actor(c), {
      studentId: c.req.valid('param').id,
      deckId,
      tz,
      now: deps.now(),
    });
    return sendJson(c, queue, 200);
  });

  r.openapi(memoryStatesRoute, async (c) => {
    const states = await memoryStates(deps.db.kysely, actor(c), {
      studentId: c.req.valid('param').id,
      tz: c.req.valid('query').tz,
      now: deps.now(),
    });
    return sendJson(c, states, 200);
  });

  return r;
}
