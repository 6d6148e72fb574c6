import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createRouter, currentUser, type AppDeps } from '../../context';
import { sendBody } from '../../http/answers';
import { errorResponses } from '../../http/openapi';
import { imagesService } from './images.service';
import { needs } from '../access';

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

/** The key names the content, which never changes. */
const CACHE_FOREVER = 'private, max-age=31536000, immutable';

/** True when an If-None-Match header names this ETag (or is `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Serves stored card pictures to their owner; the content-addressed key never changes, so caching is forever. */
export function imagesRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = imagesService(deps);

  r.openapi(getImageRoute, async (c) => {
    const { key } = c.req.valid('param');
    const image = await service.get(currentUser(c).familyId, key);
    const etag = `"${key}"`;
    if (matchesEtag(c.req.header('if-none-match'), etag)) {
      return c.body(null, 304, { etag, 'cache-control': CACHE_FOREVER, 'x-content-type-options': 'nosniff' });
    }
    // One literal rather than a spread plus a field: V8 adds a field to a spread copy slowly.
    return sendBody(c, image.data, 200, {
      etag,
      'cache-control': CACHE_FOREVER,
      'x-content-type-options': 'nosniff',
      'content-type': image.contentType,
    });
  });

  return r;
}
