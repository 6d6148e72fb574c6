import { describe, expect, it } from 'vitest';
import { textContentOf } from '@shared/card-fields';
import { cardContent } from '../../test/cards';
import { buildCardForm } from './card-form-data';

const text = textContentOf(cardContent({ en: 'Cat', es: 'Gato', es_pronunciation: 'GAH-toh' }));

describe('buildCardForm', () => {
  it('sends the deck id and texts, leaving out empty pronunciations', () => {
    const form = buildCardForm(text, { kind: 'keep' }, 7);
    expect(form.get('deck_id')).toBe('7');
    expect(form.get('en')).toBe('Cat');
    expect(form.get('es')).toBe('Gato');
    expect(form.has('en_pronunciation')).toBe(false);
    expect(form.get('es_pronunciation')).toBe('GAH-toh');
    expect(form.has('front_image')).toBe(false);
    expect(form.has('remove_image')).toBe(false);
  });

  it('sends one picture as both front_image and back_image', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });
    const form = buildCardForm(text, { kind: 'replace', file });
    expect((form.get('front_image') as File).name).toBe('cat.png');
    expect((form.get('back_image') as File).name).toBe('cat.png');
    expect(form.has('deck_id')).toBe(false);
  });

  it('asks to remove the picture only when editing', () => {
    expect(buildCardForm(text, { kind: 'remove' }).get('remove_image')).toBe('true');
    expect(buildCardForm(text, { kind: 'remove' }, 3).has('remove_image')).toBe(false);
  });

  it('sends each side’s new recording as en_audio / es_audio, and keeps the others by sending nothing', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'es-recording.webm', { type: 'audio/webm' });
    const form = buildCardForm(text, { kind: 'keep' }, 7, {
      en: { kind: 'keep' },
      es: { kind: 'replace', file, recorded: true },
    });
    expect((form.get('es_audio') as File).name).toBe('es-recording.webm');
    expect(form.has('en_audio')).toBe(false);
    expect([...form.keys()].some((k) => k.startsWith('remove_'))).toBe(false);
  });

  it('asks to remove a side’s recording only when editing', () => {
    const audio = { en: { kind: 'remove' }, es: { kind: 'keep' } } as const;
    expect(buildCardForm(text, { kind: 'keep' }, undefined, audio).get('remove_en_audio')).toBe('true');
    expect(buildCardForm(text, { kind: 'keep' }, undefined, audio).has('remove_es_audio')).toBe(false);
    expect(buildCardForm(text, { kind: 'keep' }, 3, audio).has('remove_en_audio')).toBe(false);
  });
});
