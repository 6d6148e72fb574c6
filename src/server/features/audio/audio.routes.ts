import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '@shared/schemas/common';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses } from '../../http/openapi';
import { needs } from '../access';
import { mediaService, sendMedia } from '../media';

const binary = { 'audio/mpeg': { schema: { type: 'string' as const, format: 'binary' } } };
const getAudioRoute = createRoute({
  method: 'get',
  path: '/api/audio/{key}',
  middleware: needs('media.read'),
  // Checked in the handler so that a malformed key is a 404 like any other missing recording.
  request: { params: z.object({ key: z.string() }) },
  responses: {
    200: { content: binary, description: 'The recording (MP3); Accept-Ranges: bytes' },
    206: {
      content: binary,
      description: 'One byte range of the recording (Range header; Safari plays audio this way)',
    },
    304: { description: 'Not modified (If-None-Match matched)' },
    416: {
      content: { 'application/json': { schema: apiErrorSchema } },
      description: 'The range lies outside the recording (Content-Range: bytes */size)',
    },
    ...errorResponses(401, 404),
  },
});

/**
 * Serves stored recordings to their owner, whole or by byte range (Safari plays audio this way):
 * media.answers.ts says how.
 */
export function audioRoutes(deps: AppDeps) {
  const r = createRouter();
  const media = mediaService(deps);

  r.openapi(getAudioRoute, async (c) => {
    const { key } = c.req.valid('param');
    return sendMedia(c, key, await media.get('audio', actor(c), key), { ranges: true });
  });

  return r;
}
