import { z } from 'zod';
import { CARD_TEXT_FIELDS, TEXT_FIELD_NAMES, type OptionalTextField, type RequiredTextField } from '../card-fields';
import { IMPORT_CARDS_MAX } from '../constants';

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
type CatalogueCardShape = { [K in RequiredTextField]: ReturnType<typeof requiredText> } & {
  [K in OptionalTextField]: ReturnType<typeof optionalText>;
};

/** A catalogue card: the declared text fields (`card-fields.ts`); optional ones may be absent or null. */
export const catalogueCardSchema = z.object(
  Object.fromEntries(
    TEXT_FIELD_NAMES.map((f) => {
      const spec = CARD_TEXT_FIELDS[f];
      return [f, spec.required ? requiredText(spec.max) : optionalText(spec.max)];
    }),
  ) as CatalogueCardShape,
);
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
