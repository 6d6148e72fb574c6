import { z } from 'zod';
import { idSchema } from './common';
import { timeZoneSchema } from './review';

/** Query of GET /api/progress/students: the browser's time zone, in which "today" and the day windows are read. */
export const classProgressQuerySchema = z.object({ tz: timeZoneSchema.optional().default('UTC') });

/** One student's row of "All students" (README "A class at a glance" defines each figure). */
export const classStudentSchema = z.object({
  id: idSchema,
  name: z.string(),
  due_today: z.number().int(),
  reviews_7_days: z.number().int(),
  /** Percentage of answers recalled over the last 30 days, unrounded; null without answers. */
  accuracy_30_days: z.number().nullable(),
  cards_learned: z.number().int(),
  last_studied: z.string().nullable(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

export const classProgressSchema = z.object({ students: z.array(classStudentSchema) });
export type ClassProgress = z.infer<typeof classProgressSchema>;
