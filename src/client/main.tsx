import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstView } from './app/first-view';
import { initI18n } from './lib/i18n';
import './app/global.css';
import { createQueryClient, Providers } from './app/providers';
import { AppRouter } from './app/router';

const queryClient = createQueryClient();
prefetchFirstView(queryClient, window.location.pathname);

// Strings first, so the first paint is already in the right language (English is bundled, so
// this waits for a download only when another language was chosen).
// The first render runs as a transition, so React yields to the browser every few milliseconds
// instead of holding a slow phone's main thread for the whole tree.
void initI18n().then(() => {
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
});
