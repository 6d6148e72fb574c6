import { z } from 'zod';
import { CARD_TEXT_MAX, PRONUNCIATION_MAX } from '../constants';
import { idParamSchema, idSchema } from './common';

const cardText = z.string().trim().min(1).max(CARD_TEXT_MAX);
const pronunciation = z
  .string()
  .trim()
  .max(PRONUNCIATION_MAX)
  .optional()
  .transform((v) => (v ? v : null));

/** Text fields of the card forms (multipart fields on the wire). */
export const cardFieldsSchema = z.object({
  en: cardText,
  es: cardText,
  en_pronunciation: pronunciation,
  es_pronunciation: pronunciation,
});
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

export const cardSchema = z.object({
  id: idSchema,
  deck_id: idSchema,
  en: z.string(),
  es: z.string(),
  en_pronunciation: z.string().nullable(),
  es_pronunciation: z.string().nullable(),
  front_image_key: z.string().nullable(),
  back_image_key: z.string().nullable(),
  /** The side's recording, served at /api/audio/{key}; null when the side has none. */
  en_audio_key: z.string().nullable(),
  es_audio_key: z.string().nullable(),
});
export type Card = z.infer<typeof cardSchema>;
