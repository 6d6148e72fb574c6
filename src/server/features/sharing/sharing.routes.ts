import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { SHARE_LOOKUP_MISSES_MAX, SHARE_LOOKUP_WINDOW_MS } from '@shared/constants';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { deckSchema } from '@shared/schemas/deck';
import { addSharedDeckSchema, normalizeShareCode, sharedDeckSchema, shareSchema } from '@shared/schemas/share';
import { createRouter, actor, personKey, type Actor, type AppDeps } from '../../context';
import { ApiError, rateLimited } from '../../http/errors';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { limitsService } from '../limits';
import { shareNotFound, sharingService } from './sharing.service';
import { needs } from '../access';

const deckParams = z.object({ id: idParamSchema });
// Checked in the handler so that a malformed code is a 404 like a made-up one.
const codeParams = z.object({ code: z.string() });

const shareRoute = createRoute({
  method: 'post',
  path: '/api/decks/{id}/share',
  middleware: needs('deck.share', { param: 'id', missing: 'No such deck' }),
  description: "The deck's link and short code, made on first asking (one active link per deck).",
  request: { params: deckParams },
  responses: { 200: jsonResponse(shareSchema, 'The active link'), ...errorResponses(400, 401, 403, 404) },
});
const stopRoute = createRoute({
  method: 'delete',
  path: '/api/decks/{id}/share',
  middleware: needs('deck.share', { param: 'id', missing: 'No such deck' }),
  description: 'Revokes the link; the decks that followed it become their families’ own decks.',
  request: { params: deckParams },
  responses: { 200: jsonResponse(okSchema, 'No longer shared'), ...errorResponses(400, 401, 404) },
});
const previewRoute = createRoute({
  method: 'get',
  path: '/api/shared/{code}',
  middleware: needs('deck.share'),
  request: { params: codeParams },
  responses: {
    200: jsonResponse(sharedDeckSchema, 'The shared deck, to preview'),
    ...errorResponses(401, 404, 429),
  },
});
const addRoute = createRoute({
  method: 'post',
  path: '/api/shared/{code}/add',
  middleware: needs('deck.share'),
  request: { params: codeParams, body: jsonBody(addSharedDeckSchema) },
  responses: {
    201: jsonResponse(deckSchema, 'The imported copy, which follows the original'),
    ...errorResponses(400, 401, 404, 409, 429),
  },
});

/** Sharing decks by link: share, stop sharing, preview and add. */
export function sharingRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = sharingService(deps);
  const lookups = limitsService(deps).fixedWindow('share-lookup', {
    max: SHARE_LOOKUP_MISSES_MAX,
    windowMs: SHARE_LOOKUP_WINDOW_MS,
  });

  /** Runs a look-up of a code; only codes that open nothing count towards the person's limit. */
  async function lookUp<T>(who: Actor, raw: string, fn: (code: string) => Promise<T>): Promise<T> {
    const key = personKey(who);
    // Counted before the look-up, so that parallel guesses are limited too; a hit is given back.
    const wait = await lookups.hit(key);
    if (wait > 0) throw rateLimited(wait);
    const code = normalizeShareCode(raw);
    try {
      if (!code) throw shareNotFound();
      const result = await fn(code);
      await lookups.refund(key);
      return result;
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'share_not_found')) await lookups.refund(key);
      throw err;
    }
  }

  r.openapi(shareRoute, async (c) => c.json(await service.share(actor(c), c.req.valid('param').id), 200));

  r.openapi(stopRoute, async (c) => {
    await service.stop(actor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(previewRoute, async (c) => {
    const who = actor(c);
    const deck = await lookUp(who, c.req.valid('param').code, (code) => service.preview(who, code));
    return c.json(deck, 200);
  });

  r.openapi(addRoute, async (c) => {
    const who = actor(c);
    const studentId = c.req.valid('json').student_id ?? null;
    const deck = await lookUp(who, c.req.valid('param').code, (code) => service.add(who, code, studentId));
    return c.json(deck, 201);
  });

  return r;
}
