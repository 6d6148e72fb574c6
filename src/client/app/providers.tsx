import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiRequestError } from '@client/lib/api-client';
import { AuthProvider } from '@client/lib/auth';
import { CurrentStudentProvider } from '@client/lib/current-student';
import { ThemeProvider } from '@client/lib/theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, reads still run: many answer from the data kept on the device (lib/offline-store.ts),
        // the rest fail with their message rather than waiting for the connection.
        networkMode: 'always',
        // Client errors will not change on retry; network and server errors might, except a network
        // error while the browser is offline (a deck not kept on the device): it is shown at once, and
        // the connection's return reads everything again (useRefreshWhenBackOnline).
        retry: (count, err) =>
          count < 2 &&
          !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) &&
          !(err instanceof ApiRequestError && err.status === 0 && !navigator.onLine),
      },
    },
  });
}

/** Every app-wide provider, in dependency order. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AuthProvider>
          <CurrentStudentProvider>{children}</CurrentStudentProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
