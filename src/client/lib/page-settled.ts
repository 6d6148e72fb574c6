import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long after the load event work that no screen waits for holds back. */
const AFTER_LOAD_MS = 3_000;
/** The longest an idle moment is waited for, once that time has passed. */
const IDLE_TIMEOUT_MS = 2_000;

let settled: Promise<void> | null = null;

/**
 * Resolves once the page has loaded, a few seconds have passed and the main thread is idle: the
 * moment for work no screen waits for (the service worker, offline copies, strings for notices
 * that may never show), so that it does not compete with the first view on a slow phone.
 */
export function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const afterLoad = () =>
      setTimeout(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else resolve();
      }, AFTER_LOAD_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return settled;
}

/** False until the page has settled (see pageSettled): for parts that mount only then. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void pageSettled().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled;
}

/**
 * Once the page has settled and while `enabled`, runs `prefetch` for the interface language (again
 * when it changes): code and strings a notice will need offline, fetched while the connection is
 * still there (the service worker's copy covers reloads). A failure is left to the part that needs
 * them, whose LoadBoundary tries again. Pass a stable function.
 */
export function usePrefetchOnceSettled(enabled: boolean, prefetch: (language: string) => Promise<unknown>): void {
  const { i18n } = useTranslation();
  const settled = usePageSettled();
  useEffect(() => {
    if (enabled && settled) prefetch(i18n.language).catch(() => undefined);
  }, [enabled, settled, i18n.language, prefetch]);
}
