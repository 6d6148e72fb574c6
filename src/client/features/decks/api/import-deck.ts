import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueDeck, CatalogueResponse } from '@shared/schemas/catalogue';
import type { Deck } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { decksKey } from './get-decks';

/** GET /api/catalogue: the bundled starter decks (the same for everyone, so cached for the session). */
export function useCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: () => apiFetch<CatalogueResponse>('/api/catalogue'),
    enabled,
    staleTime: Infinity,
  });
}

/**
 * Imports a catalogue deck for a student (SPEC §4): creates the deck (is_imported, original_deck_id),
 * then POST /api/decks/{id}/import-cards. When the cards fail, the empty deck is deleted again so the
 * import can be retried.
 */
export async function importDeck(source: CatalogueDeck, studentId: number | null): Promise<Deck> {
  const deck = await apiFetch<Deck>('/api/decks', {
    json: {
      title: source.title,
      subtitle: source.subtitle,
      color: source.color,
      student_id: studentId,
      is_imported: true,
      original_deck_id: source.id,
    },
  });
  try {
    await apiFetch(`/api/decks/${deck.id}/import-cards`, { json: { cards: source.cards } });
  } catch (err) {
    await apiFetch(`/api/decks/${deck.id}`, { method: 'DELETE' }).catch(() => undefined);
    throw err;
  }
  return deck;
}

export function useImportDeck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ source, studentId }: { source: CatalogueDeck; studentId: number | null }) =>
      importDeck(source, studentId),
    onSettled: () => qc.invalidateQueries({ queryKey: decksKey }),
    onError: (err) => console.error('Failed to import cards', err),
  });
}
