import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deck, DeckListItem } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';

/** GET /api/decks: every deck of the family; read afresh each time the choice opens. */
export const familyDecksQuery = queryOptions({
  queryKey: ['class', 'family-decks'],
  queryFn: () => apiFetch<DeckListItem[]>('/api/decks'),
  staleTime: 0,
});

export const useFamilyDecks = (enabled: boolean) => useQuery({ ...familyDecksQuery, enabled });

/** The decks that can go to the whole class: the family's own (a catalogue deck cannot move), still one student's. */
export const givable = (decks: readonly DeckListItem[]) =>
  decks.filter((d) => !d.is_imported && !d.is_archived && d.student_id !== null);

/**
 * PUT /api/decks/{id} with `student_id: null` for each deck, one after another: the deck moves from its
 * student to every student of the family (the deck menu's "Move" to "All children"), so each student,
 * the class's new ones included, studies it with progress of their own. Every list and figure is read again.
 */
export function useGiveDecksToClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (decks: readonly Pick<Deck, 'id' | 'title' | 'subtitle'>[]) => {
      for (const d of decks) {
        await apiFetch<Deck>(`/api/decks/${d.id}`, {
          method: 'PUT',
          json: { title: d.title, subtitle: d.subtitle, student_id: null },
        });
      }
    },
    onSettled: () =>
      Promise.all(['decks', 'progress', 'class'].map((key) => qc.invalidateQueries({ queryKey: [key] }))),
    onError: (err) => console.error('Failed to give decks to the class', err),
  });
}
