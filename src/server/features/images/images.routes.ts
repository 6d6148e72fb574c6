import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses } from '../../http/openapi';
import { needs } from '../access';
import { mediaService, sendMedia } from '../media';

const getImageRoute = createRoute({
  method: 'get',
  path: '/api/images/{key}',
  middleware: needs('media.read'),
  // Checked in the handler so that a malformed key is a 404 like any other missing picture.
  request: { params: z.object({ key: z.string() }) },
  responses: {
    200: { content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } }, description: 'The picture' },
    304: { description: 'Not modified (If-None-Match matched)' },
    ...errorResponses(401, 404),
  },
});

/** Serves stored card pictures to their owner; the content-addressed key never changes, so caching is forever. */
export function imagesRoutes(deps: AppDeps) {
  const r = createRouter();
  const media = mediaService(deps);

  r.openapi(getImageRoute, async (c) => {
    const { key } = c.req.valid('param');
    return sendMedia(c, key, await media.get('image', actor(c), key));
  });

  return r;
}
