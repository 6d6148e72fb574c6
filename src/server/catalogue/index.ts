import type { CatalogueDeck } from '@shared/schemas/catalogue';
import { section1Week1 } from './section-1-week-1';
import { section1Week2 } from './section-1-week-2';

/** The starter decks bundled with the app, in the order the import panel lists them. */
export const CATALOGUE: readonly CatalogueDeck[] = [section1Week1, section1Week2];

/** The catalogue deck with this id, if any. */
export function findCatalogueDeck(id: string): CatalogueDeck | undefined {
  return CATALOGUE.find((d) => d.id === id);
}
