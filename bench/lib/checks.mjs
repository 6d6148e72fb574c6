// One-off measurements: stored picture size and repeat views, static asset caching and compression.
import fs from 'node:fs';
import path from 'node:path';
import { get } from './load.mjs';

/** Size of the stored picture as served, and what a repeat view (If-None-Match) transfers. */
export async function pictureFigures(baseUrl, cookie, key) {
  const url = `${baseUrl}/api/images/${encodeURIComponent(key)}`;
  const [status, body, headers] = await get(url, { cookie });
  const [status304, body304] = await get(url, { cookie, 'if-none-match': headers.etag ?? '' });
  return {
    status,
    stored_bytes: body.length,
    content_type: headers['content-type'],
    etag: headers.etag ?? null,
    cache_control: headers['cache-control'] ?? null,
    repeat_view_status: status304,
    repeat_view_body_bytes: body304.length,
  };
}

/**
 * How the first-view assets are served to a browser that accepts brotli and gzip: encoding,
 * cache lifetime and bytes on the wire; and index.html's caching.
 */
export async function staticFigures(baseUrl, clientDir, files) {
  const out = [];
  for (const file of files) {
    const [status, body, headers] = await get(`${baseUrl}/${file}`, { 'accept-encoding': 'br, gzip' });
    const raw = fs.statSync(path.join(clientDir, file)).size;
    out.push({
      file,
      status,
      content_encoding: headers['content-encoding'] ?? 'identity',
      cache_control: headers['cache-control'] ?? null,
      raw_bytes: raw,
      transferred_bytes: body.length,
    });
  }
  const [, , indexHeaders] = await get(`${baseUrl}/`, { 'accept-encoding': 'br, gzip' });
  const compressed = out.every((f) => f.content_encoding === 'br' || f.content_encoding === 'gzip');
  const immutable = out.every(
    (f) => /immutable/.test(f.cache_control ?? '') && /max-age=(\d{7,})/.test(f.cache_control ?? ''),
  );
  return {
    assets: out,
    all_compressed: compressed,
    all_immutable: immutable,
    index_html_cache_control: indexHeaders['cache-control'] ?? null,
    index_html_encoding: indexHeaders['content-encoding'] ?? 'identity',
  };
}
