import { z } from 'zod';
import {
  CARD_FIELD_NAMES,
  CARD_TEXT_FIELDS,
  TEXT_FIELD_NAMES,
  type CardMediaField,
  type CardTextField,
  type OptionalTextField,
  type RequiredTextField,
} from '../card-fields';
import { idParamSchema, idSchema } from './common';

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

type FieldsShape = { [K in RequiredTextField]: ReturnType<typeof requiredText> } & {
  [K in OptionalTextField]: ReturnType<typeof optionalText>;
};

/** Text fields of the card forms (multipart fields on the wire), one per declared text field (`card-fields.ts`). */
export const cardFieldsSchema = z.object(
  Object.fromEntries(
    TEXT_FIELD_NAMES.map((f) => {
      const spec = CARD_TEXT_FIELDS[f];
      return [f, spec.required ? requiredText(spec.max) : optionalText(spec.max)];
    }),
  ) as FieldsShape,
);
export type CardFields = z.input<typeof cardFieldsSchema>;

/** Text fields of POST /api/cards. */
export const createCardFieldsSchema = cardFieldsSchema.extend({ deck_id: idParamSchema });

const removeFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/**
 * Text fields of PUT /api/cards/{id}: remove_image=true drops the current picture, remove_en_audio
 * and remove_es_audio=true drop that side's recording.
 */
export const updateCardFieldsSchema = cardFieldsSchema.extend({
  remove_image: removeFlag,
  remove_en_audio: removeFlag,
  remove_es_audio: removeFlag,
});

type ContentShape = { [K in RequiredTextField]: z.ZodString } & {
  [K in OptionalTextField | CardMediaField]: z.ZodNullable<z.ZodString>;
};
/**
 * A card as the API answers it. Media fields are keys of stored media: a picture at /api/images/{key},
 * a side's recording at /api/audio/{key}; null when there is none.
 */
export const cardSchema = z.object({
  id: idSchema,
  deck_id: idSchema,
  ...(Object.fromEntries(
    CARD_FIELD_NAMES.map((f) => [
      f,
      f in CARD_TEXT_FIELDS && CARD_TEXT_FIELDS[f as CardTextField].required ? z.string() : z.string().nullable(),
    ]),
  ) as ContentShape),
});
export type Card = z.infer<typeof cardSchema>;
