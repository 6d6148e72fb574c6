import { z } from 'zod';
import { idSchema } from './common';
import { memorySchema, timeZoneSchema } from './review';

/** Query of GET /api/students/{id}/memory-states: the browser's time zone (for "today"). */
export const memoryStatesQuerySchema = z.object({ tz: timeZoneSchema.optional().default('UTC') });

/**
 * Answer of GET /api/students/{id}/memory-states: what a device needs to compute the student's
 * review queue offline (src/shared/review-queue.ts) — the memory of every card the student has
 * answered in their decks, and today's answers so far (in the `tz` day).
 */
export const memoryStatesSchema = z.object({
  day: z.string(),
  answered_today: z.object({ reviewed: z.number().int(), introduced: z.number().int() }),
  states: z.array(memorySchema.extend({ card_id: idSchema, deck_id: idSchema })),
  /** The student's own FSRS parameters once tuned (issue 26); null: the defaults. The device schedules with them. */
  parameters: z.array(z.number()).length(21).nullable().optional(),
});
export type MemoryStates = z.infer<typeof memoryStatesSchema>;
