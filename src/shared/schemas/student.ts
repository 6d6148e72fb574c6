import { z } from 'zod';
import {
  NATIVE_LANGUAGES,
  STUDENT_AGE_MAX,
  STUDENT_AGE_MIN,
  STUDENT_NAME_MAX,
  STUDENTS_PER_FAMILY_MAX,
} from '../constants';
import { idSchema } from './common';
import { learningSettingsInputSchema, learningSettingsSchema } from './review';

export const nativeLanguageSchema = z.enum(NATIVE_LANGUAGES);
export type NativeLanguage = z.infer<typeof nativeLanguageSchema>;

/** Body of POST /api/students and PUT /api/students/{id}. */
export const studentInputSchema = z.object({
  name: z.string().trim().min(1).max(STUDENT_NAME_MAX),
  age: z.number().int().min(STUDENT_AGE_MIN).max(STUDENT_AGE_MAX).nullable().optional(),
  native_language: nativeLanguageSchema.optional().default(''),
  /** "Read each card aloud when it appears"; absent leaves it as it is (off for a new student). */
  auto_read: z.boolean().optional(),
  /** "How {name} studies": reads (true) or does not read yet, which makes listen-and-pick the default mode; absent leaves it (reads, for a new student). */
  reads: z.boolean().optional(),
  /** Learning settings (spaced repetition); each absent one is left as it is (the defaults for a new student). */
  ...learningSettingsInputSchema.shape,
});
export type StudentInput = z.input<typeof studentInputSchema>;

/** Body of POST /api/students/bulk ("Add several"): names with an optional age, all created or none. */
export const bulkStudentsSchema = z.object({
  students: z
    .array(z.object({ name: studentInputSchema.shape.name, age: studentInputSchema.shape.age }))
    .min(1)
    .max(STUDENTS_PER_FAMILY_MAX),
});
export type BulkStudentsInput = z.input<typeof bulkStudentsSchema>;

export const studentSchema = z.object({
  id: idSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  native_language: nativeLanguageSchema,
  created_at: z.string(),
  auto_read: z.boolean(),
  reads: z.boolean(),
  ...learningSettingsSchema.shape,
});
export type Student = z.infer<typeof studentSchema>;
