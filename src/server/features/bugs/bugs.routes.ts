import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { bugInputSchema, bugSchema, closeBugSchema, voteSchema } from '@shared/schemas/bug';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import { createRouter, actor, personKey, type AppDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { rateLimited } from '../../http/errors';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { requestLogger } from '../../logger';
import { limitsService } from '../limits';
import { bugsService } from './bugs.service';
import { needs } from '../access';

const bugParams = z.object({ id: idParamSchema });

const listRoute = createRoute({
  method: 'get',
  path: '/api/bugs',
  middleware: needs('account.manage'),
  responses: { 200: jsonResponse(z.array(bugSchema), 'Every bug, newest first'), ...errorResponses(401) },
});
const reportRoute = createRoute({
  method: 'post',
  path: '/api/bugs',
  middleware: needs('account.manage'),
  request: { body: jsonBody(bugInputSchema) },
  responses: {
    201: jsonResponse(bugSchema, 'The reported bug'),
    200: jsonResponse(bugSchema, 'A retried report (same idempotency_key): the bug the first attempt filed'),
    ...errorResponses(400, 401),
  },
});
const voteRoute = createRoute({
  method: 'post',
  path: '/api/bugs/{id}/vote',
  middleware: needs('account.manage'),
  request: { params: bugParams },
  responses: {
    200: jsonResponse(voteSchema, 'Whether the caller now votes for the bug'),
    ...errorResponses(400, 401, 404),
  },
});
const closeRoute = createRoute({
  method: 'delete',
  path: '/api/bugs/{id}',
  middleware: needs('account.manage'),
  request: { params: bugParams, body: jsonBody(closeBugSchema) },
  responses: {
    200: jsonResponse(okSchema, 'Bug closed (deleted with its votes)'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

/** The shared bug board: list, report, vote toggle, and close with the admin password. */
export function bugsRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = bugsService(deps);
  const closeLimiter = limitsService(deps).fixedWindow('bug-close', deps.rateLimits.bugClose);

  r.openapi(listRoute, async (c) => c.json(await service.list(actor(c)), 200));

  r.openapi(reportRoute, async (c) => {
    const { bug, duplicate } = await service.report(actor(c), c.req.valid('json'));
    return c.json(bug, duplicate ? 200 : 201);
  });

  r.openapi(voteRoute, async (c) => {
    return c.json(await service.toggleVote(actor(c), c.req.valid('param').id), 200);
  });

  r.openapi(closeRoute, async (c) => {
    const keys = [personKey(actor(c)), `ip:${clientIp(c, deps.config)}`];
    // Every attempt counts before the check, so a burst of parallel guesses is limited too;
    // a right password clears the counts, so only wrong passwords add up.
    const wait = Math.max(...(await Promise.all(keys.map((k) => closeLimiter.hit(k)))));
    if (wait > 0) throw rateLimited(wait);
    await service.requireAdminPassword(c.req.valid('json').password);
    await Promise.all(keys.map((k) => closeLimiter.reset(k)));
    await service.close(actor(c), c.req.valid('param').id, requestLogger(deps.logger, c));
    return c.json({ ok: true as const }, 200);
  });

  return r;
}
