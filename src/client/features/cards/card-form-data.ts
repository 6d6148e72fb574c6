import type { z } from 'zod';
import type { cardFieldsSchema } from '@shared/schemas/card';

export type CardText = z.output<typeof cardFieldsSchema>;

/** What happens to the picture on save: keep it, replace it with a file, or remove it. */
export type PictureChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/**
 * The multipart body of POST /api/cards (with deck_id) or PUT /api/cards/{id} (without).
 * The chosen picture goes as both front_image and back_image (SPEC §3); remove_image=true drops
 * the current one on edit.
 */
export function buildCardForm(text: CardText, picture: PictureChange, deckId?: number): FormData {
  const form = new FormData();
  if (deckId !== undefined) form.set('deck_id', String(deckId));
  form.set('en', text.en);
  form.set('es', text.es);
  if (text.en_pronunciation) form.set('en_pronunciation', text.en_pronunciation);
  if (text.es_pronunciation) form.set('es_pronunciation', text.es_pronunciation);
  if (picture.kind === 'replace') {
    form.set('front_image', picture.file);
    form.set('back_image', picture.file);
  } else if (picture.kind === 'remove' && deckId === undefined) {
    form.set('remove_image', 'true');
  }
  return form;
}
