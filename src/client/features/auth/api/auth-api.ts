import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Provider, SignupInput, User } from '@shared/schemas/user';
import { ApiRequestError, apiFetch } from '@client/lib/api-client';
import { meQuery } from '@client/lib/auth';

/** GET /api/auth/providers: the configured sign-in methods (fixed while the server runs). */
export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => apiFetch<{ providers: Provider[] }>('/api/auth/providers'),
  staleTime: Infinity,
});

export function useProviders() {
  return useQuery(providersQuery);
}

/** POST /api/auth/local/login; the answer is the signed-in user. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiFetch<User>('/api/auth/local/login', { json: input }),
    onSuccess: (user) => qc.setQueryData(meQuery.queryKey, user),
  });
}

/** POST /api/auth/local/signup; the answer is the new, signed-in user. */
export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => apiFetch<User>('/api/auth/local/signup', { json: input }),
    onSuccess: (user) => qc.setQueryData(meQuery.queryKey, user),
  });
}

/** GET /api/oauth/{provider}/redirect_url, then the browser goes to the provider. */
export async function startProviderSignIn(provider: string): Promise<void> {
  try {
    const { redirectUrl } = await apiFetch<{ redirectUrl: string }>(
      `/api/oauth/${encodeURIComponent(provider)}/redirect_url`,
    );
    window.location.assign(redirectUrl);
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 0;
    console.error(`Failed to get login redirect URL: API responded with HTTP status ${status}`);
    throw err;
  }
}

/** POST /api/sessions with the code (and state) the provider returned. */
/** What a provider may put on its redirect back (RFC 6749, RFC 9207); all of it goes to the server. */
const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'session_state'];

export async function exchangeCode(params: URLSearchParams): Promise<void> {
  if (!params.get('code') && !params.get('error')) {
    throw new Error('Cannot exchange code for session token: no code provided in the URL search params.');
  }
  const body = Object.fromEntries(CALLBACK_PARAMS.filter((p) => params.get(p)).map((p) => [p, params.get(p)]));
  try {
    await apiFetch('/api/sessions', { json: { state: '', ...body } });
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 0;
    console.error(`Failed to exchange code for session token: API responded with HTTP status ${status}`);
    throw err;
  }
}
