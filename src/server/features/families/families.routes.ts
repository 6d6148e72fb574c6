import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, okSchema } from '@shared/schemas/common';
import {
  createdInviteSchema,
  familySchema,
  inviteCodeInputSchema,
  invitePreviewSchema,
  joinFamilySchema,
} from '@shared/schemas/family';
import { type Actor, type AppDeps, createRouter, actor, personKey, type UserId } from '../../context';
import { rateLimited } from '../../http/errors';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { limitsService } from '../limits';
import { familiesService } from './families.service';
import { needs } from '../access';

const getRoute = createRoute({
  method: 'get',
  path: '/api/family',
  middleware: needs('family.manage'),
  responses: {
    200: jsonResponse(familySchema, "The caller's family: members, holder and open invites"),
    ...errorResponses(401),
  },
});
const createInviteRoute = createRoute({
  method: 'post',
  path: '/api/family/invites',
  middleware: needs('family.manage'),
  responses: {
    201: jsonResponse(createdInviteSchema, 'A one-time invite; its code is shown only in this answer'),
    ...errorResponses(401, 409),
  },
});
const revokeInviteRoute = createRoute({
  method: 'delete',
  path: '/api/family/invites/{id}',
  middleware: needs('family.manage'),
  request: { params: z.object({ id: idParamSchema }) },
  responses: { 200: jsonResponse(okSchema, 'Invite revoked'), ...errorResponses(400, 401, 404) },
});
const previewRoute = createRoute({
  method: 'get',
  path: '/api/family/invites/{code}',
  middleware: needs('family.manage'),
  request: { params: z.object({ code: inviteCodeInputSchema }) },
  responses: {
    200: jsonResponse(invitePreviewSchema, 'Whose family the invite leads to and what joining does'),
    ...errorResponses(400, 401, 404, 429),
  },
});
const joinRoute = createRoute({
  method: 'post',
  path: '/api/family/join',
  middleware: needs('family.manage'),
  request: { body: jsonBody(joinFamilySchema) },
  responses: {
    200: jsonResponse(familySchema, 'Joined: the family the caller is now in'),
    ...errorResponses(400, 401, 404, 409, 429),
  },
});
const leaveRoute = createRoute({
  method: 'post',
  path: '/api/family/leave',
  middleware: needs('family.manage'),
  responses: {
    200: jsonResponse(familySchema, 'Left: the caller is alone in a new, empty family'),
    ...errorResponses(401, 409),
  },
});
const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/api/family/members/{userId}',
  middleware: needs('family.hold', { param: 'userId', missing: 'No such member' }),
  request: { params: z.object({ userId: idParamSchema }) },
  responses: {
    200: jsonResponse(familySchema, 'Removed: the family without that member'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** Several adults sharing one family's students, decks and progress. */
export function familiesRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = familiesService(deps);
  const limits = limitsService(deps);
  const perUser = limits.fixedWindow('family-code-user', deps.rateLimits.familyJoin);
  // Every look-up of a code counts, per person, so codes cannot be guessed (8 of 31 symbols, 7 days, and
  // sign-ups per address are limited). Not per address: behind one school address, one account's guesses
  // must never refuse another account's real code.
  const countCodeAttempt = async (who: Actor) => {
    const wait = await perUser.hit(personKey(who));
    if (wait > 0) throw rateLimited(wait);
  };

  r.openapi(getRoute, async (c) => c.json(await service.get(actor(c)), 200));

  r.openapi(createInviteRoute, async (c) => c.json(await service.createInvite(actor(c)), 201));

  r.openapi(revokeInviteRoute, async (c) => {
    await service.revokeInvite(actor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  r.openapi(previewRoute, async (c) => {
    await countCodeAttempt(actor(c));
    return c.json(await service.preview(actor(c), c.req.valid('param').code), 200);
  });

  r.openapi(joinRoute, async (c) => {
    await countCodeAttempt(actor(c));
    return c.json(await service.join(actor(c), c.req.valid('json').code), 200);
  });

  r.openapi(leaveRoute, async (c) => c.json(await service.leave(actor(c)), 200));

  r.openapi(removeMemberRoute, async (c) =>
    c.json(await service.removeMember(actor(c), c.req.valid('param').userId as UserId), 200),
  );

  return r;
}
