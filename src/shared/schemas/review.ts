import { z } from 'zod';
import {
  ANSWER_MODES,
  GRADING_MODES,
  MEMORY_STATES,
  NEW_PER_DAY_MAX,
  NEW_PER_DAY_MIN,
  RATINGS,
  RETENTION_MAX,
  RETENTION_MIN,
  REVIEWS_PER_DAY_MAX,
  REVIEWS_PER_DAY_MIN,
  REVIEW_DURATION_MAX_MS,
} from '../constants';
import { isTimeZone } from '../local-day';
import { cardSchema } from './card';
import { idParamSchema } from './common';

export const ratingSchema = z.enum(RATINGS);
export const gradingModeSchema = z.enum(GRADING_MODES);

/**
 * Fields a study answer (POST /api/card-performance `card_results` item) may add to
 * `{card_id, is_correct}`: the detailed rating (absent: is_correct true → good, false → again) and
 * when it was given (absent: the server's now). How far reviewed_at may lie from the server's clock
 * is checked by the server (REVIEWED_AT_MAX_FUTURE_MS, REVIEWED_AT_MAX_AGE_MS).
 */
export const reviewFieldsSchema = z.object({
  rating: ratingSchema.optional(),
  reviewed_at: z.iso.datetime({ offset: true }).optional(),
  duration_ms: z.number().int().min(0).max(REVIEW_DURATION_MAX_MS).optional(),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

/** A student's learning settings, as the student object returns them. */
export const learningSettingsSchema = z.object({
  desired_retention: z.number().min(RETENTION_MIN).max(RETENTION_MAX),
  new_per_day: z.number().int().min(NEW_PER_DAY_MIN).max(NEW_PER_DAY_MAX),
  max_reviews_per_day: z.number().int().min(REVIEWS_PER_DAY_MIN).max(REVIEWS_PER_DAY_MAX),
  grading: gradingModeSchema,
});
export type LearningSettings = z.infer<typeof learningSettingsSchema>;

/** The same fields in PUT /api/students/{id} (and POST): each optional, an absent one is left as it is. */
export const learningSettingsInputSchema = learningSettingsSchema.partial();

/** An IANA time zone name as the browser reports it (Intl...resolvedOptions().timeZone). */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, { message: 'Not an IANA time zone name' });

/** Query of GET /api/students/{id}/review: one deck or all the student's decks, and the browser's time zone. */
export const reviewQuerySchema = z.object({
  deck_id: idParamSchema.optional(),
  tz: timeZoneSchema.optional().default('UTC'),
});

/**
 * A card's memory: `state` and `due` (null for a new card), and the FSRS fields the client needs to
 * preview the intervals of the detailed-grading buttons and to schedule offline (src/shared/srs.ts).
 */
export const memorySchema = z.object({
  state: z.enum(MEMORY_STATES),
  due: z.string().nullable(),
  stability: z.number(),
  difficulty: z.number(),
  elapsed_days: z.number().int(),
  scheduled_days: z.number().int(),
  learning_steps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  last_review: z.string().nullable(),
});

export const reviewCardSchema = cardSchema.extend({
  deck_title: z.string(),
  memory: memorySchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** Answer of GET /api/students/{id}/review. */
export const reviewQueueSchema = z.object({
  /** At most REVIEW_SESSION_SIZE: due cards (most overdue first), then learning, then new in deck order. */
  cards: z.array(reviewCardSchema),
  /** What today's limits leave to do now: due reviews, cards in their learning steps, new cards. */
  counts: z.object({ due: z.number().int(), new: z.number().int(), learning: z.number().int() }),
  /** When the next card not available now becomes available (null when none will). */
  next_due_at: z.string().nullable(),
  /** The student's own FSRS parameters once tuned (issue 26), null for the defaults: the detailed buttons preview with them. */
  parameters: z.array(z.number()).length(21).nullable().optional(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** `memory_statistics` of GET /api/progress/{studentId}. */
export const memoryStatisticsSchema = z.object({
  cards_learned: z.number().int(),
  cards_due_today: z.number().int(),
  streak_days: z.number().int(),
  /** Mean predicted recall of the reviewed cards now, 0–100; null when none was reviewed. */
  average_recall: z.number().min(0).max(100).nullable(),
  /** One entry per local day, today first (today's count includes overdue cards). */
  forecast: z.array(z.object({ date: z.string(), due: z.number().int() })),
  /** One entry per local day for the last ACTIVITY_DAYS days, oldest first, days without reviews as zeros. */
  activity: z.array(z.object({ date: z.string(), reviews: z.number().int(), correct: z.number().int() })),
  /**
   * Answers in each mode (every mode, in ANSWER_MODES order) over the last MODE_STATISTICS_DAYS
   * days (from the start of the UTC quarter hour that began then): how many, how many remembered
   * (not again), and that as a percentage (null without answers).
   */
  modes: z.array(
    z.object({
      mode: z.enum(ANSWER_MODES),
      answers: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number().min(0).max(100).nullable(),
    }),
  ),
});
export type MemoryStatistics = z.infer<typeof memoryStatisticsSchema>;
