import { createRoute } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { okSchema } from '@shared/schemas/common';
import {
  loginSchema,
  providersSchema,
  redirectUrlSchema,
  sessionExchangeSchema,
  signupSchema,
  userSchema,
  type Provider,
} from '@shared/schemas/user';
import { z } from 'zod';
import { createRouter, actor, type AppDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiError, notFound, rateLimited, unauthorized } from '../../http/errors';
import { limitsService } from '../limits';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { endSession, startSession } from '../../http/sessions';
import { requestLogger } from '../../logger';
import { authService } from './auth.service';
import { loginThrottle } from './login-throttle';
import { createOidcClients, type OidcFlow } from './oidc';
import { needs } from '../access';

const FLOW_MAX_AGE_S = 10 * 60;
/** Longer than any provider id or sign-in flow cookie this server makes: refused unread. */
const PROVIDER_ID_MAX = 50;
const FLOW_COOKIE_MAX = 2000;

const providersRoute = createRoute({
  method: 'get',
  path: '/api/auth/providers',
  middleware: needs('public'),
  responses: { 200: jsonResponse(providersSchema, 'Sign-in methods') },
});
const signupRoute = createRoute({
  method: 'post',
  path: '/api/auth/local/signup',
  middleware: needs('session.start'),
  request: { body: jsonBody(signupSchema) },
  responses: { 201: jsonResponse(userSchema, 'Account created and signed in'), ...errorResponses(400, 404, 409, 429) },
});
const loginRoute = createRoute({
  method: 'post',
  path: '/api/auth/local/login',
  middleware: needs('session.start'),
  request: { body: jsonBody(loginSchema) },
  responses: { 200: jsonResponse(userSchema, 'Signed in'), ...errorResponses(400, 401, 404, 429) },
});
const redirectRoute = createRoute({
  method: 'get',
  path: '/api/oauth/{provider}/redirect_url',
  middleware: needs('session.start'),
  request: { params: z.object({ provider: z.string().max(PROVIDER_ID_MAX) }) },
  responses: { 200: jsonResponse(redirectUrlSchema, 'Where to send the browser'), ...errorResponses(404, 503) },
});
const exchangeRoute = createRoute({
  method: 'post',
  path: '/api/sessions',
  middleware: needs('session.start'),
  request: { body: jsonBody(sessionExchangeSchema) },
  responses: { 200: jsonResponse(okSchema, 'Signed in'), ...errorResponses(400) },
});
const meRoute = createRoute({
  method: 'get',
  path: '/api/users/me',
  middleware: needs('session.read'),
  responses: { 200: jsonResponse(userSchema, 'The signed-in user'), ...errorResponses(401) },
});
const logoutRoute = createRoute({
  method: 'get',
  path: '/api/logout',
  middleware: needs('session.end'),
  responses: { 200: jsonResponse(okSchema, 'Signed out') },
});
const deleteAccountRoute = createRoute({
  method: 'delete',
  path: '/api/users/delete-account',
  middleware: needs('account.manage'),
  responses: { 200: jsonResponse(okSchema, 'Account and everything it owned deleted'), ...errorResponses(401) },
});

/** Sign-up, sign-in (local and OpenID Connect), the current user, sign-out and account deletion. */
export function authRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = authService(deps);
  const oidc = createOidcClients(deps.config.oidcProviders);
  const throttle = loginThrottle(deps);
  const signupLimiter = limitsService(deps).fixedWindow('signup', deps.rateLimits.signup);
  const flowCookie = deps.config.secureCookies ? '__Host-oidc_flow' : 'oidc_flow';
  const cookieOpts = { httpOnly: true, sameSite: 'Lax' as const, secure: deps.config.secureCookies, path: '/' };

  // Config refuses a provider without PUBLIC_URL: the redirect URI never comes from request headers.
  const redirectUri = () => `${deps.config.publicUrl}/auth/callback`;
  const requireLocal = () => {
    if (!deps.config.localAccounts) throw notFound('Local accounts are turned off');
  };
  const limit = (retryAfter: number) => {
    if (retryAfter > 0) throw rateLimited(retryAfter);
  };

  r.openapi(providersRoute, (c) => {
    const providers: Provider[] = deps.config.oidcProviders.map((p) => ({ id: p.id, name: p.name, kind: 'oidc' }));
    if (deps.config.localAccounts) providers.unshift({ id: 'local', name: 'Email', kind: 'local' });
    return c.json({ providers }, 200);
  });

  r.openapi(signupRoute, async (c) => {
    requireLocal();
    limit(await signupLimiter.hit(clientIp(c, deps.config)));
    const account = await service.signup(c.req.valid('json'));
    await startSession(deps, c, account.id);
    return c.json(account, 201);
  });

  r.openapi(loginRoute, async (c) => {
    requireLocal();
    const body = c.req.valid('json');
    const ip = clientIp(c, deps.config);
    const email = body.email.toLowerCase();
    limit(await throttle.attempt(email, ip));
    const account = await service.login(body);
    await throttle.succeeded(email, ip);
    await startSession(deps, c, account.id);
    return c.json(account, 200);
  });

  r.openapi(redirectRoute, async (c) => {
    const provider = oidc.find(c.req.valid('param').provider);
    if (!provider) throw notFound('This sign-in provider is not configured');
    const { url, flow } = await oidc.start(provider, redirectUri()).catch((err: unknown) => {
      requestLogger(deps.logger, c).warn({ provider: provider.id, err: String(err) }, 'oidc discovery failed');
      throw new ApiError(503, 'provider_unavailable', 'The sign-in provider cannot be reached');
    });
    setCookie(c, flowCookie, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      ...cookieOpts,
      maxAge: FLOW_MAX_AGE_S,
    });
    return c.json({ redirectUrl: url }, 200);
  });

  r.openapi(exchangeRoute, async (c) => {
    const params = c.req.valid('json');
    const flow = readFlow(getCookie(c, flowCookie));
    deleteCookie(c, flowCookie, cookieOpts);
    const provider = flow && oidc.find(flow.provider);
    if (!flow || !provider || flow.state !== params.state) {
      throw new ApiError(400, 'invalid_state', 'Sign-in could not be completed. Please try again.');
    }
    if (params.error) {
      throw new ApiError(400, 'provider_refused', `The sign-in provider refused the sign-in (${params.error}).`);
    }
    const forwarded = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
    const profile = await oidc.finish(provider, redirectUri(), forwarded, flow).catch((err: unknown) => {
      requestLogger(deps.logger, c).warn(
        {
          provider: provider.id,
          reason: err instanceof Error ? err.name : 'unknown',
          // openid-client's messages name the failed check (state, iss, nonce, PKCE…), never a secret.
          detail: err instanceof Error ? err.message.slice(0, 200) : undefined,
          ...(err && typeof err === 'object' && 'code' in err ? { errorCode: String(err.code) } : {}),
        },
        'oidc code exchange failed',
      );
      throw new ApiError(400, 'exchange_failed', 'Sign-in could not be completed. Please try again.');
    });
    const userId = await service.oidcSignIn(provider.id, profile);
    await startSession(deps, c, userId);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(meRoute, async (c) => {
    const user = c.get('user');
    const me = user && (await service.me(user));
    if (!me) throw unauthorized();
    return c.json({ ...me, child_student_id: user.childStudentId }, 200);
  });

  r.openapi(logoutRoute, async (c) => {
    // A GET by SPEC; refuse it from other sites so a link elsewhere cannot sign people out.
    if (c.req.header('sec-fetch-site') === 'cross-site')
      throw new ApiError(403, 'foreign_origin', 'Cross-site request refused');
    await endSession(deps, c);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(deleteAccountRoute, async (c) => {
    await service.deleteAccount(actor(c));
    await endSession(deps, c);
    return c.json({ ok: true as const }, 200);
  });

  return r;
}

function readFlow(raw: string | undefined): OidcFlow | null {
  if (!raw || raw.length > FLOW_COOKIE_MAX) return null;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const ok = ['provider', 'state', 'nonce', 'verifier'].every((k) => typeof v[k as keyof OidcFlow] === 'string');
    return ok ? (v as OidcFlow) : null;
  } catch {
    return null;
  }
}
