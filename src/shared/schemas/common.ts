import { z } from 'zod';

/** Positive integer id, as it appears in JSON bodies. */
export const idSchema = z.number().int().positive().max(2_147_483_647);

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
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
