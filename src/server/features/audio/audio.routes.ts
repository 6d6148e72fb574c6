import { createRoute } from '@hono/zod-openapi';
import parseRange from 'range-parser';
import { z } from 'zod';
import { apiErrorSchema } from '@shared/schemas/common';
import { createRouter, currentUser, type AppDeps } from '../../context';
import { sendBody } from '../../http/answers';
import { errorResponses } from '../../http/openapi';
import { audioService } from './audio.service';
import { needs } from '../access';

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

/**
 * Serves stored recordings to their owner, whole or by byte range (RFC 9110 §14): one range is
 * answered with 206, several with the whole recording, none that fits (past the end, or malformed,
 * as Express answers them) with 416. If-Range other than the ETag means the client's copy is stale:
 * it gets the whole recording.
 */
export function audioRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = audioService(deps);

  r.openapi(getAudioRoute, async (c) => {
    const { key } = c.req.valid('param');
    const audio = await service.get(currentUser(c).familyId, key);
    const etag = `"${key}"`;
    const common = { etag, 'cache-control': CACHE_FOREVER, 'x-content-type-options': 'nosniff' };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, common);

    const size = audio.data.byteLength;
    const rangeHeader = c.req.header('range');
    const ifRange = c.req.header('if-range');
    // Another unit than bytes is ignored (RFC 9110 §14.2), and so is a range of a stale copy.
    const wanted = rangeHeader?.startsWith('bytes=') && (!ifRange || ifRange === etag);
    const ranges = wanted ? parseRange(size, rangeHeader!, { combine: true }) : -2;
    if (ranges === -1) {
      const error = `The range lies outside the recording (${size} bytes)`;
      return c.json({ error, code: 'range_not_satisfiable' }, 416, { ...common, 'content-range': `bytes */${size}` });
    }
    if (ranges !== -2 && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return sendBody(c, audio.data.subarray(start, end + 1), 206, {
        ...common,
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-type': audio.contentType,
      });
    }
    return sendBody(c, audio.data, 200, { ...common, 'accept-ranges': 'bytes', 'content-type': audio.contentType });
  });

  return r;
}
