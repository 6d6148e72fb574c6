import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateDeckInput, Deck, RenameDeckInput } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { deckKeys, useRefreshDecks } from './get-decks';

/** Every deck change refreshes the lists and details, and logs a failure (SPEC §8) before the caller shows it. */
function useDeckMutation<TVars, TResult>(
  what: string,
  fn: (vars: TVars) => Promise<TResult>,
  refresh?: (qc: QueryClient, vars: TVars) => Promise<unknown>,
) {
  const qc = useQueryClient();
  const refreshAll = useRefreshDecks();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_result, vars) => (refresh ? refresh(qc, vars) : refreshAll()),
    onError: (err) => console.error(`Failed to ${what}`, err),
  });
}

/** POST /api/decks (also the first half of an import). */
export const createDeck = (input: CreateDeckInput) => apiFetch<Deck>('/api/decks', { json: input });

/** DELETE /api/decks/{id} (also the undoing of a failed import). */
export const deleteDeck = (id: number) => apiFetch<unknown>(`/api/decks/${id}`, { method: 'DELETE' });

export const useCreateDeck = () => useDeckMutation('create deck', createDeck);

/** PUT /api/decks/{id} with {title, subtitle}. */
export const useRenameDeck = () =>
  useDeckMutation('rename deck', ({ id, ...input }: RenameDeckInput & { id: number }) =>
    apiFetch<Deck>(`/api/decks/${id}`, { method: 'PUT', json: input }),
  );

/** PUT /api/decks/{id} with {title, student_id}: the deck moves to that student (null: all children). */
export const useMoveDeck = () =>
  useDeckMutation('move deck', ({ id, ...input }: RenameDeckInput & { id: number }) =>
    apiFetch<Deck>(`/api/decks/${id}`, { method: 'PUT', json: input }),
  );

/** POST /api/decks/{id}/duplicate with {title}. */
export const useDuplicateDeck = () =>
  useDeckMutation('duplicate deck', ({ id, title }: { id: number; title: string }) =>
    apiFetch<Deck>(`/api/decks/${id}/duplicate`, { json: { title } }),
  );

/** PATCH /api/decks/{id}/archive: toggles is_archived. */
export const useArchiveDeck = () =>
  useDeckMutation('archive deck', (id: number) => apiFetch<Deck>(`/api/decks/${id}/archive`, { method: 'PATCH' }));

/**
 * Deletes an own deck, or removes an imported one from the user's view.
 * The deleted deck's detail is only marked stale: refetching it now would flash "not found" on the
 * page that is leaving.
 */
export const useDeleteDeck = () =>
  useDeckMutation('delete deck', deleteDeck, (qc, id) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: deckKeys.lists }),
      qc.invalidateQueries({ queryKey: deckKeys.detail(id), refetchType: 'none' }),
    ]),
  );
