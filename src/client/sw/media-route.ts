import { createPartialResponse } from 'workbox-range-requests';
import { OFFLINE_MEDIA_MAX_BYTES } from '@shared/constants';
import { MediaIndex } from './media-index';

/** The Cache Storage cache of pictures and recordings; a new name drops the old one (see sw.ts). */
export const MEDIA_CACHE = 'offline-media-v1';

/** Pictures and recordings: content-addressed, so a stored copy never goes stale. */
export const isMediaUrl = (url: URL) => /^\/api\/(images|audio)\/[^/]+$/.test(url.pathname);

let index: Promise<MediaIndex | null> | undefined;
/** The bookkeeping, or null where IndexedDB fails (private mode, corrupted): media then still load, uncached. */
function mediaIndex(): Promise<MediaIndex | null> {
  index ??= MediaIndex.open(OFFLINE_MEDIA_MAX_BYTES).catch(() => null);
  return index;
}

/** Stores a full (200) answer and evicts the least recently used files past the bound. */
async function store(cache: Cache, key: string, response: Response): Promise<Response> {
  const body = await response.blob();
  const stored = new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
  const idx = await mediaIndex();
  if (!idx) return stored;
  try {
    await cache.put(key, stored.clone());
    const evicted = await idx.record(key, body.size);
    await Promise.all(evicted.map((url) => cache.delete(url)));
  } catch {
    // Quota exceeded or storage failing: the picture still shows, it just is not kept.
    await cache.delete(key).catch(() => false);
  }
  return stored;
}

async function touch(cache: Cache, key: string, cached: Response): Promise<void> {
  const idx = await mediaIndex();
  if (!idx || (await idx.touch(key).catch(() => true))) return;
  // Known to Cache Storage but not to the index (its database was cleared): count it again.
  const evicted = await idx.record(key, (await cached.clone().blob()).size).catch(() => []);
  await Promise.all(evicted.map((url) => cache.delete(url)));
}

/**
 * Cache first: a stored copy answers at once (with byte ranges for audio elements), else the
 * network's full answer is stored and answered. Errors (401, 404) pass through and are never kept.
 */
export async function serveMedia(request: Request, waitUntil: (p: Promise<unknown>) => void): Promise<Response> {
  const key = new URL(request.url).pathname;
  const cache = await caches.open(MEDIA_CACHE);
  let response = await cache.match(key, { ignoreSearch: true, ignoreVary: true });
  if (response) {
    waitUntil(touch(cache, key, response).catch(() => undefined));
  } else {
    // The whole file, even when the page asked for a range: a range is not worth keeping.
    const fresh = await fetch(key, { credentials: 'same-origin' });
    if (fresh.status !== 200) return fresh;
    response = await store(cache, key, fresh);
  }
  return request.headers.has('range') ? createPartialResponse(request, response) : response;
}

/** Drops every stored picture and recording, e.g. when the user signs out on a shared device. */
export async function clearMedia(): Promise<void> {
  await caches.delete(MEDIA_CACHE);
  const idx = await mediaIndex();
  await idx?.clear().catch(() => undefined);
}
