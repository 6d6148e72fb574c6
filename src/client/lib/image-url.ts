import type { Card } from '@shared/schemas/card';

/** URL of a stored picture (the key is URL-encoded, SPEC §7). */
export const imageUrl = (key: string) => `/api/images/${encodeURIComponent(key)}`;

/** The card's picture: the front image, else the back one (SPEC §2); null when it has none. */
export function cardPictureUrl(card: Card): string | null {
  const key = card.front_image_key ?? card.back_image_key;
  return key ? imageUrl(key) : null;
}
