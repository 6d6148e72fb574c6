import { useParams } from 'react-router';
import { parseRouteId } from '@client/lib/route-id';
import { DeckCards } from '@client/features/cards/components/deck-cards';
import { useRefreshDecks } from '@client/features/decks/api/get-decks';
import { DeckDetail } from '@client/features/decks/components/deck-detail';

/** `/deck/{id}`: the deck (decks feature) with its cards (cards feature). */
export default function DeckPage() {
  const { id } = useParams();
  const refreshDecks = useRefreshDecks();
  return (
    <DeckDetail
      deckId={parseRouteId(id)}
      cards={(deck) => (
        <DeckCards deckId={deck.id} cards={deck.cards} editable={!deck.is_imported} refreshDeck={refreshDecks} />
      )}
    />
  );
}
