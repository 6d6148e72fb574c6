import type { z } from 'zod';
import { apiErrorSchema } from '@shared/schemas/common';

/** A required JSON request body (required, so a missing content type is validated, not skipped). */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { content: { 'application/json': { schema } }, required: true } as const;
}

/** A JSON response for the OpenAPI document. */
export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { content: { 'application/json': { schema } }, description } as const;
}

/** The error answers a route can give, for the OpenAPI document. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503)[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, { content: { 'application/json': { schema: apiErrorSchema } }, description: 'Error' }]),
  ) as Record<number, { content: { 'application/json': { schema: typeof apiErrorSchema } }; description: string }>;
}
