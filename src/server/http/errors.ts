import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody, FieldError } from '@shared/schemas/common';
import { requestLogger, type Logger } from '../logger';

/** An error the API reports to the client as `{ error, code }` with a status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
    /** Seconds until a refused attempt may be tried again (429): sent as Retry-After and `retry_after`. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, 'not_found', what);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign-in required');
export const rateLimited = (seconds: number) =>
  new ApiError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} seconds.`, undefined, seconds);

/** Turns zod issues into the `fields` list of a 400 answer. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const out: FieldError = {
      field: issue.path.map(String).join('.') || '(body)',
      code: issue.code,
      message: issue.message,
    };
    if ('minimum' in issue && typeof issue.minimum === 'number') out.minimum = issue.minimum;
    if ('maximum' in issue && typeof issue.maximum === 'number') out.maximum = issue.maximum;
    return out;
  });
}

export function invalidInput(error: z.ZodError): ApiError {
  const fields = fieldErrors(error);
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  return new ApiError(400, 'invalid_input', `Invalid input: ${names}`, fields);
}

/** Validates `data` with `schema` or throws a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

export function errorBody(err: ApiError): ApiErrorBody {
  return {
    error: err.message,
    code: err.code,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.retryAfter ? { retry_after: err.retryAfter } : {}),
  };
}

/** The app's onError: known errors keep their status; anything else is a logged 500 without details. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) {
      if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
      return c.json(errorBody(err), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code =
        status === 413
          ? 'too_large'
          : status === 400
            ? 'invalid_input'
            : status === 401
              ? 'unauthorized'
              : 'http_error';
      const message = status === 413 ? 'Request body is too large' : err.message || 'Bad request';
      return c.json({ error: message, code }, status as ContentfulStatusCode);
    }
    requestLogger(logger, c).error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Internal server error', code: 'internal' }, 500);
  };
}
