import { useMutation } from '@tanstack/react-query';
import type { Card } from '@shared/schemas/card';
import { apiFetch } from '@client/lib/api-client';
import { buildCardForm, type AudioChanges, type CardText, type PictureChange } from '../card-form-data';

/**
 * Reads the deck again after a card changed (its card list, the lists' card counts); the
 * change counts as done once it has. The page supplies it: the deck queries are the decks feature's.
 */
export type RefreshDeck = () => Promise<unknown>;

export interface SaveCardVars {
  /** Absent for a new card. */
  cardId?: number;
  deckId: number;
  text: CardText;
  picture: PictureChange;
  /** Each side's recording; kept when absent. */
  audio?: AudioChanges;
}

/** POST /api/cards (new) or PUT /api/cards/{id} (edit), as multipart with the picture and recordings. */
export function saveCard({ cardId, deckId, text, picture, audio }: SaveCardVars): Promise<Card> {
  return cardId === undefined
    ? apiFetch<Card>('/api/cards', { method: 'POST', form: buildCardForm(text, picture, deckId, audio) })
    : apiFetch<Card>(`/api/cards/${cardId}`, { method: 'PUT', form: buildCardForm(text, picture, undefined, audio) });
}

export function useSaveCard(refreshDeck: RefreshDeck) {
  return useMutation({
    mutationFn: saveCard,
    onSuccess: () => refreshDeck(),
    onError: (err) => console.error('Failed to save card', err),
  });
}

/** DELETE /api/cards/{id}. */
export function useDeleteCard(refreshDeck: RefreshDeck) {
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/cards/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshDeck(),
    onError: (err) => console.error('Failed to delete card', err),
  });
}
