import { z } from 'zod';
import { idSchema } from './common';
import { memoryStatisticsSchema } from './review';

export const progressSchema = z.object({
  overall_statistics: z.object({
    decks_studied: z.number().int(),
    total_sessions: z.number().int(),
    overall_accuracy: z.number().nullable(),
    total_study_time: z.number().int(),
  }),
  deck_statistics: z.array(
    z.object({
      deck_id: idSchema,
      deck_title: z.string(),
      deck_subtitle: z.string().nullable(),
      deck_color: z.string(),
      total_study_sessions: z.number().int(),
      average_accuracy: z.number().nullable(),
      last_studied: z.string().nullable(),
      total_study_time: z.number().int(),
    }),
  ),
  problematic_cards: z.array(
    z.object({
      id: idSchema,
      en: z.string(),
      es: z.string(),
      deck_title: z.string(),
      accuracy_percentage: z.number(),
      times_studied: z.number().int(),
    }),
  ),
  /** Spaced repetition, counted in the student's local day (the `tz` query parameter). */
  memory_statistics: memoryStatisticsSchema,
});
export type Progress = z.infer<typeof progressSchema>;
