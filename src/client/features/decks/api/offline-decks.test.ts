import { describe, expect, it } from 'vitest';
import type { DeckListItem } from '@shared/schemas/deck';
import { decksToKeep, markDeckOffline, markedDeckIds } from './offline-decks';

const list = [5, 4, 3, 2, 1].map((id) => ({ id }) as DeckListItem);

describe('decks kept on the device', () => {
  it('are the marked and the recently studied ones, in list order, marked ones first past the bound', () => {
    markDeckOffline(2, true);
    markDeckOffline(9, true);
    expect(markedDeckIds()).toEqual([2, 9]);
    expect(decksToKeep(list, new Set([4, 1]), 10)).toEqual([4, 2, 1]);
    // Two at most: the marked deck stays, then the first recent one of the list.
    expect(decksToKeep(list, new Set([4, 1]), 2)).toEqual([4, 2]);
    markDeckOffline(2, false);
    expect(markedDeckIds()).toEqual([9]);
    expect(decksToKeep(list, new Set([1]), 10)).toEqual([1]);
  });
});
