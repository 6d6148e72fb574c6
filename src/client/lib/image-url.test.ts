import { describe, expect, it } from 'vitest';
import { cardPictureUrl, imageUrl } from './image-url';
import { testCard } from '../test/cards';

const card = (front: string | null, back: string | null) =>
  testCard({ deck_id: 2, en: 'Cat', es: 'Gato', front_image_key: front, back_image_key: back });

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
