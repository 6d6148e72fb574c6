import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstView } from './app/first-view';
import { initI18n } from './lib/i18n';
import { pageSettled } from './lib/page-settled';
import { checkTimeZone } from './lib/time-zone';
import './app/global.css';
import { createQueryClient, Providers } from './app/providers';
import { AppRouter } from './app/router';

/**
 * How long the first render waits for the first screen's code and data. Rendering once with
 * everything at hand paints the whole screen at once and spares a slow phone several passes
 * over the tree; past this, the frame and its spinners show while the rest arrives.
 */
const FIRST_VIEW_WAIT_MS = 1_000;

const queryClient = createQueryClient();
const firstView = prefetchFirstView(queryClient, window.location.pathname);
const waitBriefly = new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS));

// Strings first, so the first paint is already in the right language (English is bundled, so
// this waits for a download only when another language was chosen). The render runs as a
// transition: React yields to the browser every few milliseconds instead of holding a slow
// phone's main thread for the whole tree.
void Promise.all([initI18n(), Promise.race([firstView, waitBriefly])]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
  // The service worker and its update prompt are no part of the first view: they load once the
  // page has settled.
  pageSettled()
    .then(() => {
      // The page started with the time zone of the device's last visit (lib/time-zone.ts): if the
      // device has moved since, the reads that count days are read again in the new one.
      if (checkTimeZone()) void queryClient.invalidateQueries();
      return import('./app/update-prompt');
    })
    .then((m) => m.watchForUpdates())
    .catch((err: unknown) => console.warn('The update check could not start', err));
});
