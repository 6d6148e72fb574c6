import type { Card } from '@shared/schemas/card';

/** URL of a stored picture (the key is URL-encoded, SPEC §7). */
export const imageUrl = (key: string) => `/api/images/${encodeURIComponent(key)}`;

/** The card's picture: the front image, else the back one (SPEC §2); null when it has none. */
export function cardPictureUrl(card: Card): string | null {
  const key = card.front_image_key ?? card.back_image_key;
  return key ? imageUrl(key) : null;
}

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
