import { describe, expect, it, vi } from 'vitest';
import type { Deck } from '@shared/schemas/deck';
import {
  clampPage,
  filterDecks,
  importedCatalogueIds,
  isFilterActive,
  pageAfterRemoval,
  pageCount,
  pageItems,
  sortNewestFirst,
} from './deck-list';

let nextId = 1;
function deck(over: Partial<Deck> = {}): Deck {
  const id = nextId++;
  return {
    id,
    title: `Deck ${id}`,
    subtitle: null,
    color: '#ff6b6b',
    student_id: null,
    is_imported: false,
    original_deck_id: null,
    is_archived: false,
    created_at: `2024-01-0${id % 9}T10:00:00.000Z`,
    card_count: 0,
    creator_name: 'Pat',
    creator_avatar: null,
    creator_is_helper: false,
    ...over,
  };
}

describe('sortNewestFirst', () => {
  it('orders by created_at descending, the larger id first on a tie', () => {
    const a = deck({ created_at: '2024-01-01T00:00:00.000Z' });
    const b = deck({ created_at: '2024-03-01T00:00:00.000Z' });
    const c = deck({ created_at: '2024-03-01T00:00:00.000Z' });
    expect(sortNewestFirst([a, b, c]).map((d) => d.id)).toEqual([c.id, b.id, a.id]);
  });

  it('compares the timestamps as plain strings, without setting up the browser’s collation', () => {
    const collate = vi.spyOn(String.prototype, 'localeCompare');
    try {
      const a = deck({ created_at: '2024-01-01T00:00:00.000Z' });
      const b = deck({ created_at: '2024-01-01T00:00:00.001Z' });
      expect(sortNewestFirst([a, b]).map((d) => d.id)).toEqual([b.id, a.id]);
      expect(collate).not.toHaveBeenCalled();
    } finally {
      collate.mockRestore();
    }
  });
});

describe('filterDecks', () => {
  const animals = deck({ title: 'Animals', subtitle: 'Farm and zoo' });
  const colours = deck({ title: 'Colours', subtitle: null });
  const old = deck({ title: 'Old animals', is_archived: true });
  const all = [animals, colours, old];

  it('hides archived decks unless the toggle is on', () => {
    expect(filterDecks(all, { query: '', showArchived: false })).toEqual([animals, colours]);
    expect(filterDecks(all, { query: '', showArchived: true })).toEqual(all);
  });

  it('matches the title or the subtitle, case-insensitively, ignoring surrounding spaces', () => {
    expect(filterDecks(all, { query: '  ANIMALS ', showArchived: false })).toEqual([animals]);
    expect(filterDecks(all, { query: 'zoo', showArchived: false })).toEqual([animals]);
    expect(filterDecks(all, { query: 'animals', showArchived: true })).toEqual([animals, old]);
    expect(filterDecks(all, { query: 'nothing', showArchived: true })).toEqual([]);
  });

  it('counts a query or the archived toggle as an active filter', () => {
    expect(isFilterActive({ query: ' ', showArchived: false })).toBe(false);
    expect(isFilterActive({ query: 'a', showArchived: false })).toBe(true);
    expect(isFilterActive({ query: '', showArchived: true })).toBe(true);
  });
});

describe('pagination', () => {
  const items = [1, 2, 3, 4, 5, 6, 7];

  it('has 3 per page and at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(3)).toBe(1);
    expect(pageCount(4)).toBe(2);
    expect(pageCount(7)).toBe(3);
    expect(pageItems(items, 1)).toEqual([1, 2, 3]);
    expect(pageItems(items, 3)).toEqual([7]);
  });

  it('keeps the page in range', () => {
    expect(clampPage(0, 7)).toBe(1);
    expect(clampPage(9, 7)).toBe(3);
    expect(pageItems(items, 9)).toEqual([7]);
  });

  it('steps back a page when the last deck of a page is removed', () => {
    expect(pageAfterRemoval(3, 7)).toBe(2);
    expect(pageAfterRemoval(2, 7)).toBe(2);
    expect(pageAfterRemoval(2, 4)).toBe(1);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });
});

describe('importedCatalogueIds', () => {
  it('lists the catalogue ids of imported decks only', () => {
    const ids = importedCatalogueIds([
      deck({ is_imported: true, original_deck_id: 'section-1-week-1' }),
      deck({ is_imported: false, original_deck_id: null }),
    ]);
    expect([...ids]).toEqual(['section-1-week-1']);
  });
});
