import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export const CERTIFIED_CLIENT_ID = 'flashcards-certified-client';
const CLIENT_SECRET = 'certified-client-secret-with-enough-entropy';

/** The person each login name stands for at the provider (any login signs in; the claims follow it). */
export function personFor(login: string) {
  return {
    sub: `sub-${login}`,
    email: `${login}@school.example`,
    email_verified: true,
    name: `${login[0]!.toUpperCase()}${login.slice(1)} Example`,
    given_name: `${login[0]!.toUpperCase()}${login.slice(1)}`,
  };
}

/**
 * panva's `oidc-provider` (an OpenID Certified implementation) on 127.0.0.1 with its default, strict
 * settings: PKCE required, the RFC 9207 `iss` parameter on the redirect, and email/name only in the
 * userinfo response (conformIdTokenClaims). Its development login and consent pages accept any login.
 */
export async function startCertifiedProvider(publicUrl: string) {
  // Listen first so the issuer URL carries the real port, then hand the requests to the provider.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${listening}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CERTIFIED_CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${publicUrl}/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'picture'] },
    cookies: { keys: ['test-cookie-key-that-is-long-enough'] },
    async findAccount(_ctx, sub) {
      const login = sub.replace(/^sub-/, '');
      return { accountId: sub, claims: async () => personFor(login) };
    },
  });
  // The development interactions log a warning per start; nothing here is production.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    /** App environment that configures this provider as the generic OIDC one. */
    env: (): Record<string, string> => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CERTIFIED_CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'School',
      OIDC_ALLOW_HTTP: 'true',
      PUBLIC_URL: publicUrl,
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CertifiedProvider = Awaited<ReturnType<typeof startCertifiedProvider>>;

/**
 * Walks the provider's login and consent pages as a browser would, starting at the authorization
 * URL the app gave; returns the callback URL the provider finally redirects to.
 */
export async function loginAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.pathname === '/auth/callback') return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 200)}`);
    const body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    remember(posted);
    url = new URL(posted.headers.get('location') ?? '', url);
  }
  throw new Error('the provider never redirected back to the app');
}
