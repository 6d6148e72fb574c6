import { describe, expect, it } from 'vitest';
import { cardPictureUrl, imageUrl } from './image-url';

const card = (front: string | null, back: string | null) => ({
  id: 1,
  deck_id: 2,
  en: 'Cat',
  es: 'Gato',
  en_pronunciation: null,
  es_pronunciation: null,
  front_image_key: front,
  back_image_key: back,
  en_audio_key: null,
  es_audio_key: null,
});

describe('image URLs', () => {
  it('encodes image keys', () => {
    expect(imageUrl('a/b c')).toBe('/api/images/a%2Fb%20c');
  });

  it("takes a card's front picture, else its back one", () => {
    expect(cardPictureUrl(card('front', 'back'))).toBe('/api/images/front');
    expect(cardPictureUrl(card(null, 'back'))).toBe('/api/images/back');
    expect(cardPictureUrl(card(null, null))).toBeNull();
  });
});
