import { z } from 'zod';
import { RATINGS } from '@shared/constants';
import { cardSchema } from '@shared/schemas/card';
import { memorySchema } from '@shared/schemas/review';

const id = z.number().int();
const timestamp = z.string();

/** The export document: everything one user owns, for GET /api/users/export (version 1). */
export const exportDocumentSchema = z.object({
  format: z.literal('flashcards-export'),
  version: z.literal(1),
  exported_at: timestamp,
  user: z.object({
    id,
    email: z.string().nullable(),
    name: z.string(),
    given_name: z.string().nullable(),
    picture: z.string().nullable(),
    created_at: timestamp,
    has_password: z.boolean(),
    identities: z.array(z.object({ provider: z.string(), subject: z.string(), created_at: timestamp })),
  }),
  students: z.array(
    z.object({
      id,
      name: z.string(),
      age: z.number().int().nullable(),
      native_language: z.string(),
      created_at: timestamp,
    }),
  ),
  decks: z.array(
    z.object({
      id,
      student_id: id.nullable(),
      title: z.string(),
      subtitle: z.string().nullable(),
      color: z.string(),
      is_imported: z.boolean(),
      original_deck_id: z.string().nullable(),
      is_archived: z.boolean(),
      created_at: timestamp,
      // A card as the API shows it (so a new card field is exported too), with when it was added.
      cards: z.array(cardSchema.omit({ deck_id: true }).extend({ created_at: timestamp })),
    }),
  ),
  /** Card pictures, referenced from cards by key; the bytes are base64 (re-encoded WebP, no metadata). */
  images: z.array(
    z.object({
      key: z.string(),
      content_type: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      byte_size: z.number().int(),
      created_at: timestamp,
      data_base64: z.string(),
    }),
  ),
  /** Card recordings, referenced from cards by en_audio_key/es_audio_key; the bytes are base64 (MP3, no metadata). */
  audio: z.array(
    z.object({
      key: z.string(),
      content_type: z.string(),
      duration_ms: z.number().int(),
      byte_size: z.number().int(),
      created_at: timestamp,
      data_base64: z.string(),
    }),
  ),
  study_sessions: z.array(
    z.object({
      id,
      student_id: id,
      deck_id: id,
      cards_studied: z.number().int(),
      cards_mastered: z.number().int(),
      cards_not_mastered: z.number().int(),
      accuracy_percentage: z.number(),
      study_duration_seconds: z.number().int(),
      created_at: timestamp,
    }),
  ),
  card_results: z.array(
    z.object({ id, student_id: id, deck_id: id, card_id: id, is_correct: z.boolean(), created_at: timestamp }),
  ),
  /** Every answer of the students as spaced repetition logs it (rating again|hard|good|easy). */
  review_logs: z.array(
    z.object({
      id,
      student_id: id,
      card_id: id,
      rating: z.enum(RATINGS),
      reviewed_at: timestamp,
      duration_ms: z.number().int().nullable(),
      created_at: timestamp,
    }),
  ),
  /** Each student's memory of each card answered (FSRS), as computed from the review log. */
  memory_states: z.array(memorySchema.extend({ student_id: id, card_id: id, deck_id: id, due: timestamp })),
  bugs: z.array(z.object({ id, title: z.string(), description: z.string(), created_at: timestamp })),
  bug_votes: z.array(z.object({ bug_id: id, created_at: timestamp })),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
