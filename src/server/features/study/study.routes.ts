import { createRoute } from '@hono/zod-openapi';
import { cardPerformanceInputSchema, studySaveResultSchema, studySessionInputSchema } from '@shared/schemas/study';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { studyService } from './study.service';
import { needs } from '../access';

const saved = {
  201: jsonResponse(studySaveResultSchema, 'Stored'),
  200: jsonResponse(studySaveResultSchema, 'Idempotency key already used: nothing stored again'),
  ...errorResponses(400, 401, 404),
};

const sessionRoute = createRoute({
  method: 'post',
  path: '/api/study-sessions',
  middleware: needs('student.study', { body: 'student_id', missing: 'Student not found' }),
  request: { body: jsonBody(studySessionInputSchema) },
  responses: saved,
});
const performanceRoute = createRoute({
  method: 'post',
  path: '/api/card-performance',
  middleware: needs('student.study', { body: 'student_id', missing: 'Student not found' }),
  request: { body: jsonBody(cardPerformanceInputSchema) },
  responses: saved,
});

/** Saving the result of a study session and of each card answered in it. */
export function studyRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = studyService(deps);

  r.openapi(sessionRoute, async (c) => {
    const result = await service.saveSession(actor(c), c.req.valid('json'));
    return c.json(result, result.duplicate ? 200 : 201);
  });

  r.openapi(performanceRoute, async (c) => {
    const result = await service.savePerformance(actor(c), c.req.valid('json'));
    return c.json(result, result.duplicate ? 200 : 201);
  });

  return r;
}
