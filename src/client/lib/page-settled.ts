import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How long the page must stay quiet (no download finishing, no long task) before work no screen
 * waits for starts. Counted in windows from the load event: the first screen's own code, data and
 * rendering often come after it (a page's lazy parts, its reads), and a fixed delay from the load
 * event let the background work (the service worker's precache, offline copies of every deck)
 * land in the middle of them on a slow phone.
 */
const QUIET_MS = 2_000;
/** However busy the page stays (a poll, a long import), background work starts after this many windows. */
const MAX_WINDOWS = 6;
/** The longest an idle moment is waited for, once the page is quiet. */
const IDLE_TIMEOUT_MS = 2_000;

let settled: Promise<void> | null = null;
// Set whenever a download finishes or a long task ends; cleared at the start of each quiet window.
let busy = false;

/** Watches for downloads and long tasks where the browser reports them (Chromium both, others downloads). */
function watchActivity() {
  if (typeof PerformanceObserver === 'undefined') return;
  const supported = PerformanceObserver.supportedEntryTypes ?? [];
  for (const type of ['resource', 'longtask']) {
    if (!supported.includes(type)) continue;
    try {
      new PerformanceObserver(() => (busy = true)).observe({ type });
    } catch {
      // An entry type this browser lists but will not observe: the windows still run.
    }
  }
}

/**
 * Resolves once the page has loaded, then stayed quiet for a while (see QUIET_MS), and the main
 * thread is idle: the moment for work no screen waits for (the service worker, offline copies,
 * strings for notices that may never show), so that it does not compete with the first view on a
 * slow phone.
 */
export function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    watchActivity();
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else resolve();
    };
    let windows = 0;
    const quietWindow = () => {
      busy = false;
      setTimeout(() => {
        windows += 1;
        if (busy && windows < MAX_WINDOWS) quietWindow();
        else idle();
      }, QUIET_MS);
    };
    if (document.readyState === 'complete') quietWindow();
    else window.addEventListener('load', quietWindow, { once: true });
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
