import { CARD_TEXT_FIELDS, TEXT_FIELD_NAMES } from '@shared/card-fields';
import type { z } from 'zod';
import type { cardFieldsSchema } from '@shared/schemas/card';

export type CardText = z.output<typeof cardFieldsSchema>;

/** What happens to the picture on save: keep it, replace it with a file, or remove it. */
export type PictureChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/** What happens to one side's recording on save; a new one is a file chosen or recorded here. */
export type AudioChange = { kind: 'keep' } | { kind: 'replace'; file: File; recorded: boolean } | { kind: 'remove' };
export type AudioSide = 'en' | 'es';
export type AudioChanges = Record<AudioSide, AudioChange>;
export const KEEP_AUDIO: AudioChanges = { en: { kind: 'keep' }, es: { kind: 'keep' } };

/**
 * The multipart body of POST /api/cards (with deck_id) or PUT /api/cards/{id} (without).
 * The chosen picture goes as both front_image and back_image (SPEC §3); remove_image=true drops
 * the current one on edit. Each side's recording goes as en_audio / es_audio; remove_<side>_audio=true
 * drops that side's current one on edit.
 */
export function buildCardForm(
  text: CardText,
  picture: PictureChange,
  deckId?: number,
  audio: AudioChanges = KEEP_AUDIO,
): FormData {
  const form = new FormData();
  if (deckId !== undefined) form.set('deck_id', String(deckId));
  // Every declared text field (`@shared/card-fields`); an empty optional one is left out.
  for (const field of TEXT_FIELD_NAMES) {
    const value = text[field];
    if (value || CARD_TEXT_FIELDS[field].required) form.set(field, value ?? '');
  }
  if (picture.kind === 'replace') {
    form.set('front_image', picture.file);
    form.set('back_image', picture.file);
  } else if (picture.kind === 'remove' && deckId === undefined) {
    form.set('remove_image', 'true');
  }
  for (const side of ['en', 'es'] as const) {
    const change = audio[side];
    if (change.kind === 'replace') form.set(`${side}_audio`, change.file);
    else if (change.kind === 'remove' && deckId === undefined) form.set(`remove_${side}_audio`, 'true');
  }
  return form;
}
