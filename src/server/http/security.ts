import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';
import { ApiError } from './errors';

/** CSP without inline scripts, nosniff, referrer policy; HSTS only when served over https. */
export function securityHeaders(config: Config): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix's scroll lock injects a <style> element; no script is ever inline.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: a foreign Origin, a cross-site fetch,
 * or a body that a plain HTML form could send (form-encoded, text/plain) to a JSON route.
 */
export function sameOriginOnly(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
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
    return next();
  };
}
