import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { DUPLICATE_TITLE_MAX } from '@shared/constants';
import { importCardsSchema } from '@shared/schemas/catalogue';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { timeZoneSchema } from '@shared/schemas/review';
import {
  createDeckSchema,
  deckSchema,
  deckWithCardsSchema,
  duplicateDeckSchema,
  renameDeckSchema,
} from '@shared/schemas/deck';
import { createRouter, actor, type AppDeps } from '../../context';
import { sendJson } from '../../http/answers';
import { ApiError, parseInput } from '../../http/errors';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { decksService } from './decks.service';
import { needs } from '../access';

const params = z.object({ id: idParamSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/api/decks',
  middleware: needs('deck.list', { query: 'student_id', missing: 'No such student' }),
  description:
    "With `student_id`, that student's decks, each with `due_count` and `new_count` counted in the student's " +
    'local day (`tz`, an IANA time zone name; UTC when absent).',
  request: { query: z.object({ student_id: idParamSchema.optional(), tz: timeZoneSchema.optional() }) },
  responses: {
    200: jsonResponse(z.array(deckSchema), "Every deck of the user, or one student's; newest first"),
    ...errorResponses(400, 401, 404),
  },
});
const createDeckRoute = createRoute({
  method: 'post',
  path: '/api/decks',
  middleware: needs('deck.edit'),
  request: { body: jsonBody(createDeckSchema) },
  responses: { 201: jsonResponse(deckSchema, 'Deck created'), ...errorResponses(400, 401, 404, 409) },
});
const getRoute = createRoute({
  method: 'get',
  path: '/api/decks/{id}',
  middleware: needs('deck.read', { param: 'id', missing: 'No such deck' }),
  request: { params },
  responses: { 200: jsonResponse(deckWithCardsSchema, 'The deck with its cards'), ...errorResponses(400, 401, 404) },
});
const renameRoute = createRoute({
  method: 'put',
  path: '/api/decks/{id}',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  request: { params, body: jsonBody(renameDeckSchema) },
  responses: { 200: jsonResponse(deckSchema, 'Deck renamed (and moved)'), ...errorResponses(400, 401, 403, 404) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/decks/{id}',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  request: { params },
  responses: {
    200: jsonResponse(okSchema, 'Deck deleted (or imported deck removed) with its cards and progress'),
    ...errorResponses(400, 401, 404),
  },
});
const duplicateRoute = createRoute({
  method: 'post',
  path: '/api/decks/{id}/duplicate',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  request: {
    params,
    // Read in the handler: the body may also be empty. Documented here, not validated by the router.
    body: {
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { title: { type: 'string', minLength: 1, maxLength: DUPLICATE_TITLE_MAX } },
          },
        },
      },
      required: false,
    },
  },
  responses: { 201: jsonResponse(deckSchema, 'The new, own copy'), ...errorResponses(400, 401, 404) },
});
const archiveRoute = createRoute({
  method: 'patch',
  path: '/api/decks/{id}/archive',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  request: { params },
  responses: { 200: jsonResponse(deckSchema, 'is_archived toggled'), ...errorResponses(400, 401, 403, 404) },
});
const importCardsRoute = createRoute({
  method: 'post',
  path: '/api/decks/{id}/import-cards',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  description: 'Fills an imported deck that is still empty (403 for an own deck, 409 when it already has cards).',
  request: { params, body: jsonBody(importCardsSchema) },
  responses: {
    200: jsonResponse(deckWithCardsSchema, 'The deck with its imported cards'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** A JSON body that may also be absent or empty (POST /api/decks/{id}/duplicate). */
async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  // A body that is not declared JSON is refused, as on every other JSON route (multipart passes the
  // origin check for the card uploads, so this route must look for itself).
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send JSON (application/json)');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_input', 'Malformed JSON body');
  }
}

/** Decks of the signed-in user: list, create, detail, rename, delete, duplicate, archive, import. */
export function decksRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = decksService(deps);

  r.openapi(listRoute, async (c) => {
    const { student_id: studentId, tz } = c.req.valid('query');
    return sendJson(c, await service.list(actor(c), studentId, tz), 200);
  });

  r.openapi(createDeckRoute, async (c) => c.json(await service.create(actor(c), c.req.valid('json')), 201));

  r.openapi(getRoute, async (c) => sendJson(c, await service.get(actor(c), c.req.valid('param').id), 200));

  r.openapi(renameRoute, async (c) =>
    c.json(await service.rename(actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  r.openapi(deleteRoute, async (c) => {
    await service.remove(actor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(duplicateRoute, async (c) => {
    const { title } = parseInput(duplicateDeckSchema, await optionalJson(c));
    return c.json(await service.duplicate(actor(c), c.req.valid('param').id, title), 201);
  });

  r.openapi(archiveRoute, async (c) => c.json(await service.toggleArchived(actor(c), c.req.valid('param').id), 200));

  r.openapi(importCardsRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await service.importCards(actor(c), id, c.req.valid('json').cards), 200);
  });

  return r;
}
