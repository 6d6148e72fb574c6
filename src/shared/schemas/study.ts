import { z } from 'zod';
import {
  ANSWER_MODES,
  CARD_RESULTS_MAX,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
  STUDY_ACCURACY_TOLERANCE,
  STUDY_CARDS_MAX,
  STUDY_DURATION_MAX_SECONDS,
} from '../constants';
import { MODE_RATINGS } from '../answer-modes';
import { idSchema } from './common';
import { reviewFieldsSchema } from './review';

/** Client-chosen key that makes a retried save count once. */
export const idempotencyKeySchema = z
  .string()
  .min(IDEMPOTENCY_KEY_MIN)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[A-Za-z0-9_-]+$/);

const count = z.number().int().min(0).max(STUDY_CARDS_MAX);

/** Body of POST /api/study-sessions (SPEC §3 study session record). */
export const studySessionInputSchema = z
  .object({
    student_id: idSchema,
    deck_id: idSchema,
    cards_studied: count,
    cards_mastered: count,
    cards_not_mastered: count,
    accuracy_percentage: z.number().min(0).max(100),
    study_duration_seconds: z.number().int().min(0).max(STUDY_DURATION_MAX_SECONDS),
    idempotency_key: idempotencyKeySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cards_mastered + v.cards_not_mastered > v.cards_studied) {
      ctx.addIssue({
        code: 'custom',
        path: ['cards_studied'],
        message: 'Mastered plus not mastered cannot exceed cards studied',
      });
    }
    const expected = v.cards_studied === 0 ? 0 : (v.cards_mastered / v.cards_studied) * 100;
    if (Math.abs(expected - v.accuracy_percentage) > STUDY_ACCURACY_TOLERANCE) {
      ctx.addIssue({
        code: 'custom',
        path: ['accuracy_percentage'],
        message: 'Accuracy does not agree with the counts',
      });
    }
  });
export type StudySessionInput = z.input<typeof studySessionInputSchema>;

export const answerModeSchema = z.enum(ANSWER_MODES);

/**
 * One answer: Mastered (`is_correct` true) or not, with the optional spaced-repetition fields
 * (reviewFieldsSchema) and how it was answered (`mode`, flip cards when absent). A detailed
 * `rating` must agree with `is_correct` (again is the one rating that is not remembered) and be one
 * the mode gives (src/shared/answer-modes.ts).
 */
export const cardResultSchema = z
  .object({
    card_id: idSchema,
    is_correct: z.boolean(),
    ...reviewFieldsSchema.shape,
    mode: answerModeSchema.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.rating !== undefined && (r.rating !== 'again') !== r.is_correct) {
      ctx.addIssue({
        code: 'custom',
        path: ['rating'],
        message: r.is_correct ? '"again" is not a correct answer' : 'Only "again" is a wrong answer',
      });
    } else if (r.rating !== undefined && !MODE_RATINGS[r.mode ?? 'flip'].includes(r.rating)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rating'],
        message: `A ${r.mode ?? 'flip'} answer is rated ${MODE_RATINGS[r.mode ?? 'flip'].join(' or ')}`,
      });
    }
  });
export type CardResult = z.infer<typeof cardResultSchema>;

/** Body of POST /api/card-performance. */
export const cardPerformanceInputSchema = z.object({
  student_id: idSchema,
  card_results: z.array(cardResultSchema).min(1).max(CARD_RESULTS_MAX),
  idempotency_key: idempotencyKeySchema.optional(),
});
export type CardPerformanceInput = z.input<typeof cardPerformanceInputSchema>;

/**
 * Answer of both saves: 201 with `duplicate: false` and the number of rows stored, or 200 with
 * `duplicate: true` and `saved: 0` when the idempotency key was already used (nothing stored again).
 */
export const studySaveResultSchema = z.object({
  ok: z.literal(true),
  duplicate: z.boolean(),
  saved: z.number().int(),
});
export type StudySaveResult = z.infer<typeof studySaveResultSchema>;
