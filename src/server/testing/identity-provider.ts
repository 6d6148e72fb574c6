import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import type { TestApp, TestResponse } from './harness';

export const OIDC_CLIENT_ID = 'flashcards-test-client';

/** A local OpenID provider (oauth2-mock-server) on 127.0.0.1 and a free port. */
export async function startIdp() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  return {
    server,
    issuer,
    /** App environment that configures this provider as the generic OIDC one. */
    env: (clientSecret = 'test-client-secret'): Record<string, string> => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ALLOW_HTTP: 'true',
      PUBLIC_URL: 'http://localhost',
    }),
    /** Rewrites every token the provider signs until the returned function is called. */
    tamperTokens(change: (payload: MutableToken['payload']) => void): () => void {
      const listener = (token: MutableToken) => change(token.payload);
      server.service.on('beforeTokenSigning', listener);
      return () => void server.service.off('beforeTokenSigning', listener);
    },
    stop: () => server.stop(),
  };
}
export type Idp = Awaited<ReturnType<typeof startIdp>>;

/** `name=value` of the sign-in flow cookie set by GET /api/oauth/{provider}/redirect_url. */
export function flowCookie(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => /^(__Host-)?oidc_flow=/.test(c));
  return set ? set.split(';')[0]! : '';
}

export interface FlowState {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** Decodes the flow cookie's value (base64url JSON). */
export function readFlowCookie(cookie: string): FlowState {
  const value = cookie.slice(cookie.indexOf('=') + 1);
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as FlowState;
}

/** A flow cookie with some of its fields replaced, as an attacker holding the cookie could forge. */
export function forgeFlowCookie(cookie: string, change: Partial<FlowState>): string {
  const name = cookie.slice(0, cookie.indexOf('='));
  return `${name}=${Buffer.from(JSON.stringify({ ...readFlowCookie(cookie), ...change })).toString('base64url')}`;
}

export interface Authorization {
  /** The flow cookie the browser holds while at the provider. */
  cookie: string;
  code: string;
  state: string;
}

/**
 * Starts a sign-in at the app and lets the browser visit the provider, which answers at once
 * with a redirect back to /auth/callback carrying the code and state.
 */
export async function authorize(t: TestApp, provider = 'oidc'): Promise<Authorization> {
  const start = await t.request('GET', `/api/oauth/${provider}/redirect_url`);
  if (start.status !== 200) throw new Error(`redirect_url failed: ${start.status} ${start.text}`);
  const cookie = flowCookie(start.headers);
  const res = await fetch(start.body.redirectUrl as string, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  if (location.pathname !== '/auth/callback') throw new Error(`unexpected redirect to ${location.href}`);
  return { cookie, code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
}

/** POST /api/sessions as the callback page does, with the given flow cookie (if any). */
export function exchange(t: TestApp, body: unknown, cookie?: string): Promise<TestResponse> {
  return t.request('POST', '/api/sessions', { json: body, cookie });
}
