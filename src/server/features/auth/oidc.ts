import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config';

export interface OidcFlow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcProfile {
  subject: string;
  email: string | null;
  name: string;
  givenName: string | null;
  picture: string | null;
}

/** Discovers each provider once, lazily; a failed discovery is retried on the next request. */
export function createOidcClients(providers: OidcProviderConfig[]) {
  const configs = new Map<string, Promise<client.Configuration>>();

  function configFor(p: OidcProviderConfig): Promise<client.Configuration> {
    let pending = configs.get(p.id);
    if (!pending) {
      pending = client.discovery(
        new URL(p.issuer),
        p.clientId,
        p.clientSecret,
        undefined,
        p.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      pending.catch(() => configs.delete(p.id));
      configs.set(p.id, pending);
    }
    return pending;
  }

  return {
    find(id: string) {
      return providers.find((p) => p.id === id);
    },

    /** Builds the provider's authorization URL with fresh state, nonce and PKCE verifier. */
    async start(p: OidcProviderConfig, redirectUri: string): Promise<{ url: string; flow: OidcFlow }> {
      const config = await configFor(p);
      const verifier = client.randomPKCECodeVerifier();
      const flow: OidcFlow = { provider: p.id, state: client.randomState(), nonce: client.randomNonce(), verifier };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    /**
     * Validates the whole authorization response the provider sent to /auth/callback (state, RFC 9207
     * `iss` when the provider advertises it), exchanges the code with PKCE, checks the ID token's
     * nonce, issuer and audience, and reads email and name from the ID token or else from userinfo.
     */
    async finish(
      p: OidcProviderConfig,
      redirectUri: string,
      params: Record<string, string>,
      flow: OidcFlow,
    ): Promise<OidcProfile> {
      const config = await configFor(p);
      const callback = new URL(redirectUri);
      for (const [name, value] of Object.entries(params)) callback.searchParams.set(name, value);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no id_token claims');
      let profile: Record<string, unknown> = claims;
      // Providers that follow the spec strictly (conformIdTokenClaims) put profile claims only in userinfo.
      if (!str(claims.email) || !str(claims.name)) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        profile = { ...info, ...Object.fromEntries(Object.entries(claims).filter(([, v]) => str(v))) };
      }
      const email = str(profile.email);
      return {
        subject: claims.sub,
        email,
        name: str(profile.name) ?? email ?? 'User',
        givenName: str(profile.given_name),
        picture: str(profile.picture),
      };
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
