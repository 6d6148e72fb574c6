import type { Context } from 'hono';
import parseRange from 'range-parser';
import type { AppEnv } from '../../context';
import { sendBody } from '../../http/answers';

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
 * Answers with stored media under its content key, cached forever with the key as ETag (304 when
 * If-None-Match names it). With `ranges` (recordings), also by byte range (RFC 9110 §14): one range
 * is answered with 206, several with the whole body, none that fits (past the end, or malformed, as
 * Express answers them) with 416. If-Range other than the ETag means the client's copy is stale: it
 * gets the whole body.
 */
export function sendMedia(
  c: Context<AppEnv>,
  key: string,
  media: { data: Buffer; contentType: string },
  { ranges = false }: { ranges?: boolean } = {},
): Response {
  const etag = `"${key}"`;
  if (matchesEtag(c.req.header('if-none-match'), etag)) {
    return c.body(null, 304, { etag, 'cache-control': CACHE_FOREVER, 'x-content-type-options': 'nosniff' });
  }
  // One literal rather than a spread plus a field: V8 adds a field to a spread copy slowly.
  if (!ranges) {
    return sendBody(c, media.data, 200, {
      etag,
      'cache-control': CACHE_FOREVER,
      'x-content-type-options': 'nosniff',
      'content-type': media.contentType,
    });
  }
  const common = { etag, 'cache-control': CACHE_FOREVER, 'x-content-type-options': 'nosniff' };
  const size = media.data.byteLength;
  const rangeHeader = c.req.header('range');
  const ifRange = c.req.header('if-range');
  // Another unit than bytes is ignored (RFC 9110 §14.2), and so is a range of a stale copy.
  const wanted = rangeHeader?.startsWith('bytes=') && (!ifRange || ifRange === etag);
  const found = wanted ? parseRange(size, rangeHeader!, { combine: true }) : -2;
  if (found === -1) {
    const error = `The range lies outside the recording (${size} bytes)`;
    return c.json({ error, code: 'range_not_satisfiable' }, 416, { ...common, 'content-range': `bytes */${size}` });
  }
  if (found !== -2 && found.length === 1) {
    const { start, end } = found[0]!;
    return sendBody(c, media.data.subarray(start, end + 1), 206, {
      ...common,
      'accept-ranges': 'bytes',
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-type': media.contentType,
    });
  }
  return sendBody(c, media.data, 200, { ...common, 'accept-ranges': 'bytes', 'content-type': media.contentType });
}
