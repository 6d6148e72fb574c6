import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueDeck, CatalogueResponse } from '@shared/schemas/catalogue';
import { apiFetch } from './api-client';

/** GET /api/catalogue: the bundled starter decks (the same for everyone, so cached for the session). */
export const catalogueQuery = queryOptions({
  queryKey: ['catalogue'],
  queryFn: () => apiFetch<CatalogueResponse>('/api/catalogue'),
  staleTime: Infinity,
});

/** A deck's (or a catalogue deck's) title and subtitle. */
export interface DeckText {
  title: string;
  subtitle: string | null;
}

/** What names a deck: its text and, for an imported deck, the catalogue deck it came from. */
export interface NamedDeck extends DeckText {
  original_deck_id?: string | null;
}

/** The catalogue deck's title and subtitle in the interface language (English is its own). */
export function catalogueText(deck: CatalogueDeck, language: string): DeckText {
  return language.startsWith('es')
    ? { title: deck.title_es, subtitle: deck.subtitle_es }
    : { title: deck.title, subtitle: deck.subtitle };
}

const translating = (language: string) => !language.startsWith('en');

/**
 * True while the catalogue's translations are still on their way, in another language than English
 * (asking for them at once): a page can wait for them rather than show a title that then changes.
 */
export function useDeckTextPending(): boolean {
  const { i18n } = useTranslation();
  const translate = translating(i18n.language);
  return useQuery({ ...catalogueQuery, enabled: translate }).isPending && translate;
}

/**
 * Title and subtitle of decks in the interface language: a deck imported from the catalogue (stored
 * with the catalogue's English text) shows the catalogue's translation. The catalogue is read only
 * when needed, i.e. in another language than English with `enabled` (some deck shown is imported);
 * until it has arrived, decks show their stored text. A deck with no catalogue id (the progress
 * screen's rows) is recognised by its stored text, which an imported deck cannot change.
 */
export function useDeckText(enabled: boolean): (deck: NamedDeck) => DeckText {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const translate = translating(language);
  const catalogue = useQuery({ ...catalogueQuery, enabled: enabled && translate });
  const decks = catalogue.data?.decks;
  return useCallback(
    (deck: NamedDeck) => {
      const own = { title: deck.title, subtitle: deck.subtitle };
      if (!translate || !decks) return own;
      const source =
        deck.original_deck_id !== undefined
          ? decks.find((d) => d.id === deck.original_deck_id)
          : decks.find((d) => d.title === deck.title && d.subtitle === (deck.subtitle ?? ''));
      return source ? catalogueText(source, language) : own;
    },
    [decks, language, translate],
  );
}
