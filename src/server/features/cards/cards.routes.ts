import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { cardFieldsSchema, cardSchema } from '@shared/schemas/card';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { createRouter, actor, type AppDeps } from '../../context';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { cardsService, type CardUpload } from './cards.service';
import { needs } from '../access';

const params = z.object({ id: idParamSchema });

/** The text fields as JSON Schema, from the shared schema that validates them. */
const textFields = z.toJSONSchema(cardFieldsSchema, { io: 'input' }) as {
  properties: Record<string, Record<string, unknown>>;
  required: string[];
};
const file = { type: 'string' as const, format: 'binary', description: 'A picture (JPEG, PNG, WebP, GIF, AVIF, TIFF)' };
const recording = (side: string) => ({
  type: 'string' as const,
  format: 'binary',
  description: `The ${side} side's recording (MP3, M4A/AAC, Ogg/Opus, WebM, WAV; stored as MP3)`,
});
const flag = { type: 'string' as const, enum: ['true', 'false'] };
/** The multipart fields, for the OpenAPI document only: the handler parses and validates them itself. */
function formBody(withDeck: boolean) {
  const properties = {
    ...(withDeck ? { deck_id: { type: 'string' as const, pattern: '^[1-9][0-9]*$' } } : {}),
    ...textFields.properties,
    front_image: file,
    back_image: { ...file, description: 'The same file as front_image (stored once)' },
    en_audio: recording('English'),
    es_audio: recording('Spanish'),
    ...(withDeck ? {} : { remove_image: flag, remove_en_audio: flag, remove_es_audio: flag }),
  };
  const required = withDeck ? ['deck_id', ...textFields.required] : textFields.required;
  return { content: { 'multipart/form-data': { schema: { type: 'object' as const, properties, required } } } };
}

const createCardRoute = createRoute({
  method: 'post',
  path: '/api/cards',
  middleware: needs('deck.edit'),
  request: { body: formBody(true) },
  responses: { 201: jsonResponse(cardSchema, 'Card created'), ...errorResponses(400, 401, 403, 404, 413, 415) },
});
const updateRoute = createRoute({
  method: 'put',
  path: '/api/cards/{id}',
  middleware: needs('card.edit', { param: 'id', missing: 'No such card' }),
  request: { params, body: formBody(false) },
  responses: { 200: jsonResponse(cardSchema, 'Card updated'), ...errorResponses(400, 401, 403, 404, 413, 415) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/cards/{id}',
  middleware: needs('card.edit', { param: 'id', missing: 'No such card' }),
  request: { params },
  responses: { 200: jsonResponse(okSchema, 'Card deleted'), ...errorResponses(400, 401, 403, 404) },
});

const notAFile = (field: string) =>
  new ApiError(400, 'invalid_input', `Invalid input: ${field}`, [
    { field, code: 'invalid_type', message: 'Expected a file' },
  ]);

/** A file field: absent, empty (a form with no file chosen) or a blank string all mean "no picture". */
function fileField(value: unknown, field: string): File | null {
  if (value === undefined || value === '') return null;
  if (value instanceof File) return value.size > 0 ? value : null;
  throw notAFile(field);
}

/**
 * A recording field: absent or a blank string mean "no recording", and so does the empty, nameless
 * file a form sends for a file input left empty. A named empty file is a recording that failed and
 * goes on to be refused.
 */
function audioField(value: unknown, field: string): File | null {
  if (value === undefined || value === '') return null;
  if (value instanceof File) return value.size === 0 && value.name === '' ? null : value;
  throw notAFile(field);
}

/** Reads a multipart card form; a body that is not valid multipart is a 400, never a 500. */
async function readCardForm(c: Context): Promise<CardUpload> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: false });
  } catch {
    throw new ApiError(400, 'invalid_input', 'Malformed multipart/form-data body');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return {
    fields,
    front: fileField(body.front_image, 'front_image'),
    back: fileField(body.back_image, 'back_image'),
    enAudio: audioField(body.en_audio, 'en_audio'),
    esAudio: audioField(body.es_audio, 'es_audio'),
  };
}

/** Cards of the user's own decks, sent as multipart forms with an optional picture and recordings. */
export function cardsRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = cardsService(deps);

  r.openapi(createCardRoute, async (c) => c.json(await service.create(actor(c), await readCardForm(c)), 201));

  r.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await service.update(actor(c), id, await readCardForm(c)), 200);
  });

  r.openapi(deleteRoute, async (c) => {
    await service.remove(actor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  return r;
}
