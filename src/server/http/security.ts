import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../context';
import type { Config } from '../config';
import { completeHeaders, isComplete } from './answers';
import { ApiError } from './errors';

/**
 * The CSP. No inline script runs but those named by hash: the two the built index.html carries in
 * its head (the theme boot and the first screen's early reads, src/server/http/static.ts
 * `inlineScriptHashes`).
 */
const contentSecurityPolicy = (scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Radix's scroll lock injects a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    // blob: plays back a sound just recorded or chosen in the card form, before it is uploaded.
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

/**
 * The security headers of every answer: CSP, nosniff, referrer policy, framing and cross-origin
 * isolation (the set hono's secureHeaders sends, with our CSP); HSTS only when served over https.
 * Names in lower case: the form they take on the wire (see http/answers.ts).
 */
export function securityHeaderList(config: Config, scriptHashes: readonly string[] = []): [string, string][] {
  return [
    ['content-security-policy', contentSecurityPolicy(scriptHashes)],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...(config.secureCookies
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

/** The paths that `app.use('/api/*')` covers. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The headers every answer gets, in one middleware: compression for clients that accept it, `no-store`
 * on API answers that set no Cache-Control, then the security headers (set last, over any a handler set).
 * Hot reads build their answer with these headers already (http/answers.ts), which this then leaves
 * alone: setting headers on a finished response makes Hono and the Node adapter go through a Headers
 * object, several µs per answer (bench/README.md).
 */
export function responseHeaders(config: Config, scriptHashes: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const security = securityHeaderList(config, scriptHashes);
  const complete = completeHeaders(security);
  const compressBody = compress();
  return async (c, next) => {
    const api = isApiPath(c.req.path);
    const encoding = c.req.header('accept-encoding');
    // c.header() after a handler rebuilds the response around a stream of its body (sent chunked, at
    // up to 4× the CPU of the JSON answer: bench/README.md). compress() does that to set Vary, so it
    // runs only for clients that accept an encoding; headers below are set in place.
    if (encoding) {
      await compressBody(c, async () => {
        await next();
        if (api) noStoreByDefault(c);
      });
    } else {
      // Nothing will compress or rewrite the answer: a handler may build it complete.
      if (api && c.req.method === 'GET') c.set('completeHeaders', complete);
      await next();
      if (isComplete(c)) return;
      if (api) noStoreByDefault(c);
    }
    const headers = c.res.headers;
    for (const [name, value] of security) headers.set(name, value);
    headers.delete('X-Powered-By');
  };
}

function noStoreByDefault(c: Context<AppEnv>) {
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: a foreign Origin, a cross-site fetch,
 * or a body that a plain HTML form could send (form-encoded, text/plain) to a JSON route.
 */
export function checkSameOrigin(config: Config, c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('origin');
  const own = config.publicUrl ?? new URL(c.req.url).origin;
  if (origin && origin !== own && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, 'foreign_origin', 'Cross-site request refused');
  }
  if (c.req.header('sec-fetch-site') === 'cross-site') {
    throw new ApiError(403, 'foreign_origin', 'Cross-site request refused');
  }
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const hasBody =
    c.req.header('content-length') !== '0' && (c.req.header('content-length') || c.req.header('transfer-encoding'));
  if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send JSON (application/json) or multipart/form-data');
  }
}
