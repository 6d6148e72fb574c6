import { z } from 'zod';
import { CARD_TEXT_MAX, IMPORT_CARDS_MAX, PRONUNCIATION_MAX } from '../constants';

export const catalogueCardSchema = z.object({
  en: z.string().trim().min(1).max(CARD_TEXT_MAX),
  es: z.string().trim().min(1).max(CARD_TEXT_MAX),
  en_pronunciation: z.string().trim().max(PRONUNCIATION_MAX).nullable().optional(),
  es_pronunciation: z.string().trim().max(PRONUNCIATION_MAX).nullable().optional(),
});
export type CatalogueCard = z.infer<typeof catalogueCardSchema>;

export const catalogueDeckSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Title and subtitle in Spanish: the interface shows a catalogue deck in the reader's language. */
  title_es: z.string(),
  subtitle_es: z.string(),
  description: z.string(),
  color: z.string(),
  author: z.string(),
  cards: z.array(catalogueCardSchema),
});
export type CatalogueDeck = z.infer<typeof catalogueDeckSchema>;

/** Body of POST /api/decks/{id}/import-cards. */
export const importCardsSchema = z.object({
  cards: z.array(catalogueCardSchema).min(1).max(IMPORT_CARDS_MAX),
});

/** Answer of GET /api/catalogue. */
export const catalogueResponseSchema = z.object({ decks: z.array(catalogueDeckSchema) });
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
