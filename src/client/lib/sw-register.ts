import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only: the dev server has no sw.js). When a new
 * version has installed and waits, calls `onUpdateReady` with `apply`, which lets it take over and
 * reloads the page into it; nothing switches until then. Checks for a new version whenever the
 * app comes back to the foreground, as a tablet left open all day otherwise would not.
 */
export function registerServiceWorker(onUpdateReady: (apply: () => void) => void): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  let applying = false;
  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      if (applying) return;
      applying = true;
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
  void wb.register().catch(() => undefined);
}
