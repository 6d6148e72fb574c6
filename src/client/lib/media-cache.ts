import { OFFLINE_MEDIA_FETCH_CONCURRENCY } from '@shared/constants';

/**
 * Puts pictures and recordings (`/api/images/…`, `/api/audio/…`) into the service worker's media
 * cache, for decks kept on the device: each one the worker does not hold is downloaded and kept,
 * each one it holds counts as just used (eviction is least recently used, bounded by
 * OFFLINE_MEDIA_MAX_BYTES). The worker does the work as it answers these requests. Resolves when
 * every URL has been tried; never rejects (a file that failed is simply not kept). Without a
 * service worker controlling the page there is no cache to fill, and it does nothing.
 */
export async function keepMedia(urls: string[]): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const queue = [...new Set(urls)];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        // The worker stored the file before answering: the page needs none of the body.
        await response.body?.cancel();
      } catch {
        // Offline or refused: not kept this time.
      }
    }
  };
  await Promise.all(Array.from({ length: OFFLINE_MEDIA_FETCH_CONCURRENCY }, worker));
}
