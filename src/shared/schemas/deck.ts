import { z } from 'zod';
import {
  DECK_COLORS,
  DECK_SUBTITLE_MAX,
  DECK_TITLE_MAX,
  DEFAULT_DECK_COLOR,
  DUPLICATE_TITLE_MAX,
  ORIGINAL_DECK_ID_MAX,
} from '../constants';
import { cardSchema } from './card';
import { idSchema } from './common';

export const deckColorSchema = z.enum(DECK_COLORS);

const deckTitle = z.string().trim().min(1).max(DECK_TITLE_MAX);
const deckSubtitle = z.string().trim().max(DECK_SUBTITLE_MAX);

/** Body of POST /api/decks. */
export const createDeckSchema = z.object({
  title: deckTitle,
  subtitle: deckSubtitle.nullable().optional(),
  color: deckColorSchema.optional().default(DEFAULT_DECK_COLOR),
  student_id: idSchema.nullable().optional(),
  is_imported: z.boolean().optional().default(false),
  original_deck_id: z.string().min(1).max(ORIGINAL_DECK_ID_MAX).nullable().optional(),
});
export type CreateDeckInput = z.input<typeof createDeckSchema>;

/** Body of PUT /api/decks/{id}: a new title and subtitle; `student_id` moves the deck (null: every student's). */
export const renameDeckSchema = z.object({
  title: deckTitle,
  subtitle: deckSubtitle.nullable().optional(),
  student_id: idSchema.nullable().optional(),
});
export type RenameDeckInput = z.input<typeof renameDeckSchema>;

/** Body of POST /api/decks/{id}/duplicate (may be empty). */
export const duplicateDeckSchema = z.object({
  title: z.string().trim().min(1).max(DUPLICATE_TITLE_MAX).optional(),
});

export const deckSchema = z.object({
  id: idSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
  color: z.string(),
  student_id: idSchema.nullable(),
  is_imported: z.boolean(),
  original_deck_id: z.string().nullable(),
  is_archived: z.boolean(),
  created_at: z.string(),
  card_count: z.number().int(),
  creator_name: z.string(),
  creator_avatar: z.string().nullable(),
  creator_is_helper: z.boolean(),
  /** A copy of a deck shared by link that follows the original's changes (issue 17); creator_name is the sharer. */
  follows_original: z.boolean().optional(),
  /**
   * Only in GET /api/decks with `student_id`: that student's cards of the deck due today (review
   * cards due on their local day, learning cards due now) and cards never answered.
   */
  due_count: z.number().int().optional(),
  new_count: z.number().int().optional(),
});
export type Deck = z.infer<typeof deckSchema>;

/** An item of GET /api/decks (with `student_id`: due_count and new_count present). */
export const deckListItemSchema = deckSchema;
export type DeckListItem = Deck;

export const deckWithCardsSchema = deckSchema.extend({ cards: z.array(cardSchema) });
export type DeckWithCards = z.infer<typeof deckWithCardsSchema>;
