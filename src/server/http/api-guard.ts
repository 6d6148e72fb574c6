import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ANKI_PACKAGE_MAX_BYTES,
  AUDIO_MAX_BYTES,
  BULK_CARDS_BODY_MAX_BYTES,
  IMAGE_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
} from '@shared/constants';
import type { AppDeps, AppEnv } from '../context';
import { accessCheck, type StatedPermission } from './access-check';
import { ApiError, unauthorized } from './errors';
import { refuseNulText } from './nul-text';
import { checkSameOrigin } from './security';
import { sessionLoader } from './sessions';

/**
 * Multipart card uploads: SPEC §3 sends the same picture twice (front_image and back_image), so
 * twice the per-picture limit, plus a recording per side, plus a JSON body's room for the text
 * fields; each file is checked on its own.
 */
const UPLOAD_BODY_LIMIT = 2 * IMAGE_MAX_BYTES + 2 * AUDIO_MAX_BYTES + JSON_BODY_MAX_BYTES;

/** Bodies larger than a JSON request's: card uploads, a bulk card import, an Anki package with its form fields. */
function bodyLimitOf(path: string): number {
  if (path === '/api/cards' || path.startsWith('/api/cards/')) return UPLOAD_BODY_LIMIT;
  if (path === '/api/imports/anki') return ANKI_PACKAGE_MAX_BYTES + JSON_BODY_MAX_BYTES;
  if (path.startsWith('/api/decks/') && path.endsWith('/cards/bulk')) return BULK_CARDS_BODY_MAX_BYTES;
  return JSON_BODY_MAX_BYTES;
}

const tooLarge = (limit: number) =>
  new ApiError(413, 'too_large', `Request body is too large (limit ${Math.round(limit / 1024)} KB)`);

export interface ApiAccess {
  /** Paths a visitor may call. */
  isPublic(method: string, path: string): boolean;
  /** Whether a route answers this method and path (a visitor gets 401 there, 404 elsewhere). */
  isKnownRoute(method: string, path: string): boolean;
  /** The permission the route answering this method and path states (features/access/access.ts). */
  statedPermission: StatedPermission;
}

/**
 * Every check of an API request before its route, in order: same origin (403/415), body size (413),
 * session, sign-in (401, or 404 for no such endpoint: every /api path needs a session unless public),
 * NUL in the body's text (400), access's decision on the route's stated permission and id (http/access-check.ts). One middleware rather than five: each layer costs a few µs per
 * request (bench/README.md).
 */
export function apiGuard(deps: AppDeps, access: ApiAccess): MiddlewareHandler<AppEnv> {
  const loadSession = sessionLoader(deps);
  const checkAccess = accessCheck(deps, access.statedPermission);

  async function afterBodyLimit(c: Context<AppEnv>, next: Next) {
    await loadSession(c);
    if (!c.get('user') && !access.isPublic(c.req.method, c.req.path)) {
      if (access.isKnownRoute(c.req.method, c.req.path)) throw unauthorized();
      throw new ApiError(404, 'not_found', 'No such API endpoint');
    }
    // Only a request with a Content-Type has a body to check.
    if (c.req.header('content-type')) await refuseNulText(c);
    await checkAccess(c);
    await next();
  }

  return (c, next) => {
    checkSameOrigin(deps.config, c);
    const limit = bodyLimitOf(c.req.path);
    // Node's parser holds a body to its Content-Length, so without Transfer-Encoding the header decides.
    // bodyLimit would first build a full web Request and lose the direct body read (bench/README.md).
    if (!c.req.header('transfer-encoding')) {
      if (Number(c.req.header('content-length') ?? 0) > limit) throw tooLarge(limit);
      return afterBodyLimit(c, next);
    }
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        throw tooLarge(limit);
      },
    })(c, () => afterBodyLimit(c, next));
  };
}
