import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { bulkStudentsSchema, studentInputSchema, studentSchema } from '@shared/schemas/student';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { studentsService } from './students.service';
import { needs } from '../access';

const params = z.object({ id: idParamSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/api/students',
  middleware: needs('student.list'),
  responses: { 200: jsonResponse(z.array(studentSchema), "The user's students, oldest first"), ...errorResponses(401) },
});
const createStudentRoute = createRoute({
  method: 'post',
  path: '/api/students',
  middleware: needs('student.edit'),
  request: { body: jsonBody(studentInputSchema) },
  responses: { 201: jsonResponse(studentSchema, 'Student created'), ...errorResponses(400, 401) },
});
const bulkRoute = createRoute({
  method: 'post',
  path: '/api/students/bulk',
  middleware: needs('student.edit'),
  description:
    'Adds several students at once ("Add several"), all or none: a bad row answers 400 naming `students.N.field`, ' +
    'more than the family may have answers 409 `too_many_students`.',
  request: { body: jsonBody(bulkStudentsSchema) },
  responses: {
    201: jsonResponse(z.object({ students: z.array(studentSchema) }), 'Every student created, in the order given'),
    ...errorResponses(400, 401, 409),
  },
});
const updateRoute = createRoute({
  method: 'put',
  path: '/api/students/{id}',
  middleware: needs('student.edit', { param: 'id', missing: 'No such student' }),
  request: { params, body: jsonBody(studentInputSchema) },
  responses: { 200: jsonResponse(studentSchema, 'Student updated'), ...errorResponses(400, 401, 404) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/students/{id}',
  middleware: needs('student.edit', { param: 'id', missing: 'No such student' }),
  request: { params },
  responses: {
    200: jsonResponse(okSchema, 'Student deleted with its decks and progress'),
    ...errorResponses(400, 401, 404),
  },
});

/** Student profiles of the signed-in user. */
export function studentsRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = studentsService(deps);

  r.openapi(listRoute, async (c) => c.json(await service.list(actor(c)), 200));

  r.openapi(createStudentRoute, async (c) => c.json(await service.create(actor(c), c.req.valid('json')), 201));

  r.openapi(bulkRoute, async (c) => c.json({ students: await service.createMany(actor(c), c.req.valid('json')) }, 201));

  r.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await service.update(actor(c), id, c.req.valid('json')), 200);
  });

  r.openapi(deleteRoute, async (c) => {
    await service.remove(actor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  return r;
}
