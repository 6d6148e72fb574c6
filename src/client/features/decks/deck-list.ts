import { DECKS_PER_PAGE } from '@shared/constants';
import type { Deck } from '@shared/schemas/deck';

/** What the home list is filtered by (SPEC §2 Home, search panel). */
export interface DeckFilter {
  query: string;
  showArchived: boolean;
}

export const EMPTY_FILTER: DeckFilter = { query: '', showArchived: false };

/** True when the search panel narrows the list: a query or the archived toggle. */
export const isFilterActive = (filter: DeckFilter) => filter.query.trim() !== '' || filter.showArchived;

/**
 * Newest first by created_at; the larger id breaks ties (two decks made in the same millisecond).
 * The timestamps are ISO 8601 in UTC, ordered as plain strings: `localeCompare` would set up the
 * browser's collation on the home screen's first render (~16 ms of a phone's main thread, ×4 in
 * Lighthouse's mobile simulation) for a comparison that needs none.
 */
export function sortNewestFirst(decks: readonly Deck[]): Deck[] {
  return [...decks].sort((a, b) =>
    a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1,
  );
}

/**
 * Archived decks only with the toggle on; the query matches title or subtitle, case-insensitively,
 * as `shown` gives them (a catalogue deck's in the interface language).
 */
export function filterDecks(
  decks: readonly Deck[],
  filter: DeckFilter,
  shown: (deck: Deck) => { title: string; subtitle: string | null } = (deck) => deck,
): Deck[] {
  const needle = filter.query.trim().toLocaleLowerCase();
  return decks.filter((deck) => {
    if (deck.is_archived && !filter.showArchived) return false;
    if (!needle) return true;
    const { title, subtitle } = shown(deck);
    return title.toLocaleLowerCase().includes(needle) || (subtitle ?? '').toLocaleLowerCase().includes(needle);
  });
}

/** Number of pages for `total` items; at least 1 so that "Page 1 of 1" makes sense for an empty list. */
export const pageCount = (total: number, perPage = DECKS_PER_PAGE) => Math.max(1, Math.ceil(total / perPage));

/** A page number kept within 1..pageCount. */
export const clampPage = (page: number, total: number, perPage = DECKS_PER_PAGE) =>
  Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, perPage));

/** The items of one (1-based) page. */
export function pageItems<T>(items: readonly T[], page: number, perPage = DECKS_PER_PAGE): T[] {
  const start = (clampPage(page, items.length, perPage) - 1) * perPage;
  return items.slice(start, start + perPage);
}

/** The page to show after one item of `page` is removed from a list of `total`: one back when the page empties. */
export function pageAfterRemoval(page: number, total: number, perPage = DECKS_PER_PAGE): number {
  return clampPage(page, Math.max(0, total - 1), perPage);
}

/** Catalogue ids already imported among these decks (SPEC §2: 'Already Imported'). */
export function importedCatalogueIds(decks: readonly Deck[]): Set<string> {
  return new Set(decks.flatMap((d) => (d.is_imported && d.original_deck_id ? [d.original_deck_id] : [])));
}
