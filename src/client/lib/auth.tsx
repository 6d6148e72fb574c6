import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { User } from '@shared/schemas/user';
import { writeFlag } from '@client/lib/storage';
import { exchangeCode, logoutRequest, meQuery, meQueryKey, startProviderSignIn } from './api/auth-api';

interface AuthContextValue {
  user: User | null;
  /** True until the first current-user fetch settles. */
  isPending: boolean;
  /** True while a current-user fetch runs. */
  isFetching: boolean;
  /** Re-reads the current user; concurrent calls share one request. */
  fetchUser: () => Promise<void>;
  redirectToLogin: (provider: string) => Promise<void>;
  exchangeCodeForSessionToken: (params: URLSearchParams) => Promise<void>;
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

  const logout = useCallback(async () => {
    // Local state first, so the interface signs out at once; then the server.
    qc.setQueryData(meQueryKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    await logoutRequest();
  }, [qc]);

  const exchangeCodeForSessionToken = useCallback(
    async (params: URLSearchParams) => {
      await exchangeCode(params);
      await fetchUser();
    },
    [fetchUser],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: me.data ?? null,
      isPending: me.isPending,
      isFetching: me.isFetching,
      fetchUser,
      redirectToLogin: startProviderSignIn,
      exchangeCodeForSessionToken,
      logout,
    }),
    [me.data, me.isPending, me.isFetching, fetchUser, exchangeCodeForSessionToken, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
