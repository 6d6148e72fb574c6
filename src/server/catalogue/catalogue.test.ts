import { describe, expect, it } from 'vitest';
import { DECK_COLORS, DECK_SUBTITLE_MAX, DECK_TITLE_MAX, HELPER_AUTHOR_NAME } from '@shared/constants';
import { catalogueDeckSchema } from '@shared/schemas/catalogue';
import { CATALOGUE, findCatalogueDeck } from './index';

describe('bundled catalogue', () => {
  it('holds the two starter decks of SPEC §3 with their card counts, colours and subtitles', () => {
    expect(CATALOGUE.map((d) => [d.id, d.title, d.cards.length, d.color, d.subtitle])).toEqual([
      ['section-1-week-1', 'Section 1 Week 1', 18, '#ff6b6b', 'Spanish vocabulary fundamentals for beginners'],
      ['section-1-week-2', 'Section 1 Week 2', 14, '#4ecdc4', 'Spanish articles, grammar, and fiction vocabulary'],
    ]);
  });

  it('is valid data that a deck created from it can hold', () => {
    for (const deck of CATALOGUE) {
      expect(catalogueDeckSchema.parse(deck)).toEqual(deck);
      expect(deck.author).toBe(HELPER_AUTHOR_NAME);
      expect(DECK_COLORS).toContain(deck.color);
      expect(deck.title.length).toBeLessThanOrEqual(DECK_TITLE_MAX);
      expect(deck.subtitle.length).toBeLessThanOrEqual(DECK_SUBTITLE_MAX);
    }
  });

  it('carries each title and subtitle in Spanish too, within the same limits', () => {
    expect(CATALOGUE.map((d) => [d.title_es, d.subtitle_es])).toEqual([
      ['Sección 1 Semana 1', 'Vocabulario básico de español para principiantes'],
      ['Sección 1 Semana 2', 'Artículos, gramática y vocabulario de cuentos en español'],
    ]);
    for (const deck of CATALOGUE) {
      expect(deck.title_es.length).toBeLessThanOrEqual(DECK_TITLE_MAX);
      expect(deck.subtitle_es.length).toBeLessThanOrEqual(DECK_SUBTITLE_MAX);
    }
  });

  it('gives every card both texts and both pronunciation hints, with no repeated word in a deck', () => {
    for (const deck of CATALOGUE) {
      for (const card of deck.cards) {
        for (const field of ['en', 'es', 'en_pronunciation', 'es_pronunciation'] as const) {
          expect(card[field]?.trim(), `${deck.id} ${card.en} ${field}`).toBeTruthy();
        }
      }
      expect(new Set(deck.cards.map((c) => c.es)).size).toBe(deck.cards.length);
    }
  });

  it('finds a deck by id and nothing for an unknown id', () => {
    expect(findCatalogueDeck('section-1-week-2')?.title).toBe('Section 1 Week 2');
    expect(findCatalogueDeck('nope')).toBeUndefined();
  });
});
