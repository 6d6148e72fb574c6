import { CARD_FIELD_NAMES, type CardContentValues } from '@shared/card-fields';
import type { Card } from '@shared/schemas/card';

/** A card's declared content with every field empty but the two texts: tests name only the fields they are about. */
export function cardContent(over: Partial<CardContentValues> = {}): CardContentValues {
  const empty = Object.fromEntries(CARD_FIELD_NAMES.map((f) => [f, null]));
  return { ...empty, en: 'apple', es: 'manzana', ...over } as CardContentValues;
}

/** A stored card (`Card`) whose content is `cardContent(over)`. */
export function testCard(over: Partial<Card> = {}): Card {
  return { id: 1, deck_id: 1, ...cardContent(), ...over };
}
