import { z } from 'zod';
import { SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH } from '../constants';
import { idSchema } from './common';

const CODE_PATTERN = new RegExp(`^[${SHARE_CODE_ALPHABET}]{${SHARE_CODE_LENGTH}}$`);

/**
 * A share code as typed or pasted: case, spaces and dashes do not matter, and a whole link works
 * too. Returns the code, or null when it cannot be one.
 */
export function normalizeShareCode(input: string): string | null {
  const last = input.trim().split('/').pop() ?? '';
  const code = last.toUpperCase().replace(/[\s-]/g, '');
  return CODE_PATTERN.test(code) ? code : null;
}

/** A code shown to people: in groups of four, easier to read aloud and to type. */
export const formatShareCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** Answer of POST /api/decks/{id}/share: the deck's one active link. */
export const shareSchema = z.object({
  code: z.string(),
  /** Path of the preview page in the app (`/shared/{code}`); the client prefixes its origin. */
  path: z.string(),
  created_at: z.string(),
  /** Decks of other families that follow this one. */
  followers: z.number().int(),
});
export type Share = z.infer<typeof shareSchema>;

/** Answer of GET /api/shared/{code}: what someone sees before adding the deck. */
export const sharedDeckSchema = z.object({
  code: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  color: z.string(),
  sharer_name: z.string(),
  card_count: z.number().int(),
  /** The first cards, text only: pictures and recordings go only to those who add the deck. */
  cards: z.array(z.object({ en: z.string(), es: z.string() })),
  /** The caller's own deck: nothing to add. */
  is_own: z.boolean(),
  /** The caller's deck that already follows it, if any. */
  added_deck_id: idSchema.nullable(),
});
export type SharedDeck = z.infer<typeof sharedDeckSchema>;

/** Body of POST /api/shared/{code}/add: the student the copy is for (null or absent: every student). */
export const addSharedDeckSchema = z.object({ student_id: idSchema.nullable().optional() });
export type AddSharedDeckInput = z.input<typeof addSharedDeckSchema>;
