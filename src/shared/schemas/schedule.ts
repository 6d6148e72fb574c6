import { z } from 'zod';

/** GET /api/students/{id}/schedule (issue 26). */
const pair = z.object({ default: z.number(), tuned: z.number() });
export const scheduleSchema = z.object({
  parameters: z.array(z.number()).length(21),
  tuned_at: z.string().nullable(),
  reviews_used: z.number().int(),
  evaluation: z.object({ log_loss: pair, rmse_bins: pair, held_out_reviews: z.number().int() }).nullable(),
  calibration: z.array(z.object({ predicted: z.number(), actual: z.number(), count: z.number().int() })),
  tuning: z
    .object({
      id: z.number().int(),
      status: z.enum(['queued', 'running', 'done', 'refused', 'failed']),
      trigger: z.enum(['manual', 'weekly']),
      requested_at: z.string(),
      finished_at: z.string().nullable(),
      kept: z.boolean().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const tuningQueuedSchema = z.object({
  tuning_id: z.number().int(),
  status: z.literal('queued'),
  location: z.string(),
});
