import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// The browser's navigator.onLine says only whether there is a network; a request that failed to
// reach the server is a better hint (Wi-Fi without internet, server unreachable). Either makes the
// app offline; the browser's `online` event or the next answered request makes it online again.
let failedFetch = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onOnline = () => {
    failedFetch = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the app can reach the server, as far as it knows. */
export function isOnline(): boolean {
  return navigator.onLine && !failedFetch;
}

/** Called by the API client after each request: whether the server was reached. */
export function noteServerReached(reached: boolean): void {
  if (failedFetch === !reached) return;
  failedFetch = !reached;
  notify();
}

/** True while the server can be reached; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * For an action that needs the server: while offline, the reason it is disabled (show it as the
 * control's title and keep the control disabled); null while online.
 */
export function useNeedsConnection(): string | null {
  const { t } = useTranslation();
  return useOnline() ? null : t('offline.needsConnection');
}

/** Back online: what the screens show may be copies kept on the device; reads it all again. */
export function useRefreshWhenBackOnline(): void {
  const qc = useQueryClient();
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void qc.invalidateQueries();
    wasOnline.current = online;
  }, [online, qc]);
}
