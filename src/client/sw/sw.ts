// The service worker (bundled by scripts/build-sw.mjs, which also writes the precache list into it).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clearMedia, isMediaUrl, MEDIA_CACHE, serveMedia } from './media-route';

// The client's TypeScript program has the DOM library, not the WebWorker one: the little of the
// worker scope used here, typed locally.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
}
const sw = self as unknown as WorkerScope;

/** Signing out and deleting the account: requests after which the account's media must go. */
const leavesAccount = ({ method, url }: Request) => {
  const { pathname } = new URL(url);
  return (
    (method === 'GET' && pathname === '/api/logout') ||
    (method === 'DELETE' && pathname === '/api/users/delete-account')
  );
};

// Before Workbox's routes: the first fetch listener to answer wins. Signing out on a shared device
// leaves none of the account's pictures or recordings behind.
sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!leavesAccount(request)) return;
  event.respondWith(
    fetch(request).then(async (response) => {
      if (response.ok) await clearMedia().catch(() => undefined);
      return response;
    }),
  );
});

// A new version waits until the page asks it to take over ("Update available — reload"), so the
// app never changes under a child in the middle of a session.
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

// On the first install only this takes effect at once (there is no older version to replace).
clientsClaim();
// Literally `self.__WB_MANIFEST`: the build replaces that text with the list of files.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page is index.html (the router takes it from there); /api answers always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && isMediaUrl(url),
  ({ request, event }) => serveMedia(request, (p) => (event as ExtendableEvent).waitUntil(p)),
);

// Older media caches (a renamed MEDIA_CACHE) are dropped when this version takes over.
sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('offline-media-') && k !== MEDIA_CACHE).map((k) => caches.delete(k)),
        ),
      ),
  );
});
