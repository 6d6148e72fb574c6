import { z } from 'zod';
import { idempotencyKeySchema } from './study';
import { BUG_ADMIN_PASSWORD_MAX, BUG_DESCRIPTION_MAX, BUG_TITLE_MAX } from '../constants';
import { idSchema } from './common';

/** Body of POST /api/bugs. */
export const bugInputSchema = z.object({
  title: z.string().trim().min(1).max(BUG_TITLE_MAX),
  description: z.string().trim().min(1).max(BUG_DESCRIPTION_MAX),
  /** The same key on a retried report files the bug once. */
  idempotency_key: idempotencyKeySchema.optional(),
});
export type BugInput = z.input<typeof bugInputSchema>;

/** Body of DELETE /api/bugs/{id}. */
export const closeBugSchema = z.object({ password: z.string().min(1).max(BUG_ADMIN_PASSWORD_MAX) });

export const bugSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  upvotes: z.number().int(),
  user_has_voted: z.boolean(),
});
export type Bug = z.infer<typeof bugSchema>;

export const voteSchema = z.object({ voted: z.boolean() });
