import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Provider, SignupInput, User } from '@shared/schemas/user';
import { ApiRequestError, apiFetch } from '@client/lib/api-client';

export const meQueryKey = ['me'] as const;

/**
 * GET /api/users/me: the user, or null when signed out. Other failures are logged and leave the
 * user unset (SPEC §8 "Failed to fetch user").
 */
export async function fetchMe(): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/users/me');
  } catch (err) {
    if (err instanceof ApiRequestError && err.status !== 401) {
      console.error(`Failed to fetch user: API responded with HTTP status ${err.status}`);
    }
    return null;
  }
}

export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60_000, retry: false });

export function useProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => apiFetch<{ providers: Provider[] }>('/api/auth/providers'),
    staleTime: Infinity,
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiFetch<User>('/api/auth/local/login', { json: input }),
    onSuccess: (user) => qc.setQueryData(meQueryKey, user),
  });
}

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => apiFetch<User>('/api/auth/local/signup', { json: input }),
    onSuccess: (user) => qc.setQueryData(meQueryKey, user),
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
export async function exchangeCode(params: URLSearchParams): Promise<void> {
  const code = params.get('code');
  if (!code) throw new Error('Cannot exchange code for session token: no code provided in the URL search params.');
  try {
    await apiFetch('/api/sessions', { json: { code, state: params.get('state') ?? '' } });
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 0;
    console.error(`Failed to exchange code for session token: API responded with HTTP status ${status}`);
    throw err;
  }
}

export async function logoutRequest(): Promise<void> {
  try {
    await fetch('/api/logout', { credentials: 'same-origin' });
  } catch {
    console.error('Failed to logout');
  }
}

export function deleteAccountRequest(): Promise<unknown> {
  return apiFetch('/api/users/delete-account', { method: 'DELETE' });
}
