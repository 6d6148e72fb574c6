import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@shared/schemas/card';
import { apiFetch } from '@client/lib/api-client';
import { buildCardForm, type CardText, type PictureChange } from '../card-form-data';

/** The decks feature's queries: lists carry card_count, details carry the cards. */
const DECK_QUERIES = ['decks'] as const;

export interface SaveCardVars {
  /** Absent for a new card. */
  cardId?: number;
  deckId: number;
  text: CardText;
  picture: PictureChange;
}

/** POST /api/cards (new) or PUT /api/cards/{id} (edit), as multipart with the picture. */
export function saveCard({ cardId, deckId, text, picture }: SaveCardVars): Promise<Card> {
  return cardId === undefined
    ? apiFetch<Card>('/api/cards', { method: 'POST', form: buildCardForm(text, picture, deckId) })
    : apiFetch<Card>(`/api/cards/${cardId}`, { method: 'PUT', form: buildCardForm(text, picture) });
}

export function useSaveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: () => qc.invalidateQueries({ queryKey: DECK_QUERIES }),
    onError: (err) => console.error('Failed to save card', err),
  });
}

/** DELETE /api/cards/{id}. */
export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/cards/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DECK_QUERIES }),
    onError: (err) => console.error('Failed to delete card', err),
  });
}
