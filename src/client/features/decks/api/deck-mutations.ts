import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateDeckInput, Deck, RenameDeckInput } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { deckDetailKey, decksKey } from './get-decks';

const refreshAll = (qc: QueryClient) => qc.invalidateQueries({ queryKey: decksKey });

/** Every deck change refreshes the lists and details, and logs a failure (SPEC §8) before the caller shows it. */
function useDeckMutation<TVars, TResult>(
  what: string,
  fn: (vars: TVars) => Promise<TResult>,
  refresh: (qc: QueryClient, vars: TVars) => Promise<unknown> = refreshAll,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_result, vars) => refresh(qc, vars),
    onError: (err) => console.error(`Failed to ${what}`, err),
  });
}

/** POST /api/decks. */
export const useCreateDeck = () =>
  useDeckMutation('create deck', (input: CreateDeckInput) => apiFetch<Deck>('/api/decks', { json: input }));

/** PUT /api/decks/{id} with {title, subtitle}. */
export const useRenameDeck = () =>
  useDeckMutation('rename deck', ({ id, ...input }: RenameDeckInput & { id: number }) =>
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
 * DELETE /api/decks/{id}: deletes an own deck, or removes an imported one from the user's view.
 * The deleted deck's detail is only marked stale: refetching it now would flash "not found" on the
 * page that is leaving.
 */
export const useDeleteDeck = () =>
  useDeckMutation(
    'delete deck',
    (id: number) => apiFetch<unknown>(`/api/decks/${id}`, { method: 'DELETE' }),
    (qc, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...decksKey, 'list'] }),
        qc.invalidateQueries({ queryKey: deckDetailKey(id), refetchType: 'none' }),
      ]),
  );
