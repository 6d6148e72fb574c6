import { z } from 'zod';
import { ID_MAX } from '../constants';

/** Positive integer id, as it appears in JSON bodies. */
export const idSchema = z.number().int().positive().max(ID_MAX);

/** Positive integer id given as a URL parameter or multipart field. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(idSchema);

/** One field's problem in a validation error. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Body of every API error response. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** With 429: seconds to wait before trying again (also the Retry-After header). */
  retry_after: z.number().int().positive().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
