import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { User } from '@shared/schemas/user';
import { ApiRequestError, apiFetch } from './api-client';
import { clearKept, isNetworkError, keptAsOf, keptKeys, readThrough } from './offline-store';
import { useOnline } from './online';
import { readFlag, writeFlag } from './storage';

/**
 * GET /api/users/me: the user, or null when signed out. Offline (the server not reached), the last
 * user this device knew, so a signed-in device stays signed in. Other failures are logged and
 * leave the user unset (SPEC §8 "Failed to fetch user"); a 401 also forgets the kept data.
 */
export async function fetchMe(): Promise<User | null> {
  try {
    return await readThrough(keptKeys.me, () => apiFetch<User>('/api/users/me'));
  } catch (err) {
    // Only a device that was signed in has kept anything (visitors skip loading IndexedDB code).
    if (err instanceof ApiRequestError && err.status === 401) {
      if (readFlag('signedIn')) await clearKept();
    } else if (err instanceof ApiRequestError && !isNetworkError(err)) {
      console.error(`Failed to fetch user: API responded with HTTP status ${err.status}`);
    }
    return null;
  }
}

/** The signed-in user (null when signed out): every sign-in writes it, sign-out clears everything else. */
export const meQuery = queryOptions({ queryKey: ['me'], queryFn: fetchMe, staleTime: 5 * 60_000, retry: false });

/** GET /api/logout; its answer is not read (SPEC §7). */
async function logoutRequest(): Promise<void> {
  try {
    await fetch('/api/logout', { credentials: 'same-origin' });
  } catch {
    console.error('Failed to logout');
  }
}

interface AuthContextValue {
  user: User | null;
  /** True until the first current-user fetch settles. */
  isPending: boolean;
  /** True while a current-user fetch runs. */
  isFetching: boolean;
  /** Re-reads the current user; concurrent calls share one request. */
  fetchUser: () => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Auth state of SPEC §4 on top of react-query (which dedupes concurrent fetches). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useQuery(meQuery);

  // Remembered so the next visit can start its reads before the user check answers (first-view.ts).
  useEffect(() => {
    if (me.isSuccess) writeFlag('signedIn', me.data !== null);
  }, [me.isSuccess, me.data]);

  const fetchUser = useCallback(async () => {
    await qc.fetchQuery({ ...meQuery, staleTime: 0 });
  }, [qc]);

  // A user known only from this device is checked with the server as soon as it can be reached.
  const online = useOnline();
  useEffect(() => {
    if (online && keptAsOf(keptKeys.me)) void fetchUser();
  }, [online, fetchUser]);

  const logout = useCallback(async () => {
    // Local state first, so the interface signs out at once; then the server.
    qc.setQueryData(meQuery.queryKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meQuery.queryKey[0] });
    await Promise.all([clearKept(), logoutRequest()]);
  }, [qc]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: me.data ?? null, isPending: me.isPending, isFetching: me.isFetching, fetchUser, logout }),
    [me.data, me.isPending, me.isFetching, fetchUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in user's id; undefined when signed out, or for a screen rendered without an AuthProvider. */
export function useUserId(): number | undefined {
  return useContext(AuthContext)?.user?.id;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
