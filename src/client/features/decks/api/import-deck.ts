import { useMutation, useQuery } from '@tanstack/react-query';
import type { CatalogueDeck } from '@shared/schemas/catalogue';
import type { CreateDeckInput, Deck } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { catalogueQuery } from '@client/lib/catalogue';
import { createDeck, deleteDeck } from './deck-mutations';
import { useRefreshDecks } from './get-decks';

export function useCatalogue(enabled: boolean) {
  return useQuery({ ...catalogueQuery, enabled });
}

/**
 * Imports a catalogue deck for a student (SPEC §4): creates the deck (is_imported, original_deck_id),
 * then POST /api/decks/{id}/import-cards. When the cards fail, the empty deck is deleted again so the
 * import can be retried.
 */
export async function importDeck(source: CatalogueDeck, studentId: number | null): Promise<Deck> {
  const deck = await createDeck({
    title: source.title,
    subtitle: source.subtitle,
    // Catalogue decks come in the deck colours, though the catalogue schema only says "a string".
    color: source.color as CreateDeckInput['color'],
    student_id: studentId,
    is_imported: true,
    original_deck_id: source.id,
  });
  try {
    await apiFetch(`/api/decks/${deck.id}/import-cards`, { json: { cards: source.cards } });
  } catch (err) {
    await deleteDeck(deck.id).catch(() => undefined);
    throw err;
  }
  return deck;
}

export function useImportDeck() {
  const refreshDecks = useRefreshDecks();
  return useMutation({
    mutationFn: ({ source, studentId }: { source: CatalogueDeck; studentId: number | null }) =>
      importDeck(source, studentId),
    onSettled: refreshDecks,
    onError: (err) => console.error('Failed to import cards', err),
  });
}
