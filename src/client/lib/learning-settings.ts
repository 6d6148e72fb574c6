import {
  DEFAULT_GRADING_MODE,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_RETENTION,
  DEFAULT_REVIEWS_PER_DAY,
} from '@shared/constants';
import type { LearningSettings } from '@shared/schemas/review';

/** A student as read from the API: the learning settings are there once the server sends them. */
export type WithLearningSettings = { id: number } & Partial<LearningSettings>;

/** A student's learning settings, with the defaults for any the student object does not carry. */
export function learningSettingsOf(student: WithLearningSettings | null | undefined): LearningSettings {
  return {
    desired_retention: student?.desired_retention ?? DEFAULT_RETENTION,
    new_per_day: student?.new_per_day ?? DEFAULT_NEW_PER_DAY,
    max_reviews_per_day: student?.max_reviews_per_day ?? DEFAULT_REVIEWS_PER_DAY,
    grading: student?.grading ?? DEFAULT_GRADING_MODE,
  };
}
