import { createRoute } from '@hono/zod-openapi';
import {
  childModeStateSchema,
  exitChildModeSchema,
  setChildPinSchema,
  startChildModeSchema,
} from '@shared/schemas/child-mode';
import { okSchema } from '@shared/schemas/common';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { setSessionChildStudent } from '../../http/sessions';
import { childModeService } from './child-mode.service';
import { needs } from '../access';

const stateRoute = createRoute({
  method: 'get',
  path: '/api/child-mode',
  middleware: needs('session.read'),
  responses: { 200: jsonResponse(childModeStateSchema, 'Whether a PIN is set; the student this session is locked to') },
});
const pinRoute = createRoute({
  method: 'put',
  path: '/api/child-mode/pin',
  middleware: needs('child-mode.manage'),
  request: { body: jsonBody(setChildPinSchema) },
  responses: { 200: jsonResponse(okSchema, 'PIN stored (hashed)'), ...errorResponses(400, 401, 403, 429) },
});
const startRoute = createRoute({
  method: 'post',
  path: '/api/child-mode',
  middleware: needs('child-mode.manage'),
  request: { body: jsonBody(startChildModeSchema) },
  responses: {
    200: jsonResponse(childModeStateSchema, 'This session is locked to the student'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const exitRoute = createRoute({
  method: 'post',
  path: '/api/child-mode/exit',
  middleware: needs('child-mode.exit'),
  request: { body: jsonBody(exitChildModeSchema) },
  responses: {
    200: jsonResponse(childModeStateSchema, 'This session is no longer locked'),
    ...errorResponses(400, 401, 403, 409, 429),
  },
});

/** Child mode: the family's parent PIN, and locking this session to one student until the PIN is given. */
export function childModeRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = childModeService(deps);

  r.openapi(stateRoute, async (c) => c.json(await service.state(actor(c)), 200));

  r.openapi(pinRoute, async (c) => {
    await service.setPin(actor(c), c.req.valid('json'));
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(startRoute, async (c) => {
    const user = actor(c);
    const { student_id: studentId } = c.req.valid('json');
    await service.canStart(user, studentId);
    await setSessionChildStudent(deps, user.sessionId, studentId);
    return c.json({ pin_set: true, student_id: studentId }, 200);
  });

  r.openapi(exitRoute, async (c) => {
    const user = actor(c);
    // Outside child mode there is nothing to unlock, and no PIN to try.
    if (user.childStudentId !== null) {
      await service.canExit(user, c.req.valid('json').pin);
      await setSessionChildStudent(deps, user.sessionId, null);
    }
    return c.json({ ...(await service.state(user)), student_id: null }, 200);
  });

  return r;
}
