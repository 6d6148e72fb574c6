import type { Card } from '@shared/schemas/card';
import { cardPictureUrl } from '@client/lib/image-url';

/** Cards at the top of a deck whose pictures are on screen at first, on a phone or a laptop. */
export const EAGER_PICTURES = 3;

/** Starts downloading the first cards' pictures before the page renders them (at boot). */
export function preloadFirstPictures(cards: readonly Card[]): void {
  for (const card of cards.slice(0, EAGER_PICTURES)) {
    const url = cardPictureUrl(card);
    if (!url) continue;
    const img = new Image();
    img.fetchPriority = 'high';
    img.src = url;
  }
}
