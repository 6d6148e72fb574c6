import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { DeckWithCards } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { useDeckText } from '@client/lib/catalogue';
import { useNeedsConnection } from '@client/lib/online';
import { parseRouteId } from '@client/lib/route-id';
import { DeckCards } from '@client/features/cards/components/deck-cards';
import { useRefreshDecks } from '@client/features/decks/api/get-decks';
import { DeckDetail } from '@client/features/decks/components/deck-detail';
import { ExportDeckDialog, ImportCardsDialog } from '@client/features/transfer/components/lazy-transfer-dialogs';

type TransferDialog = 'import' | 'export' | null;

/** The transfer feature's dialogs of a deck: import cards (own decks) and export. */
function DeckTransfer({ deck, dialog, onClose }: { deck: DeckWithCards; dialog: TransferDialog; onClose: () => void }) {
  const refreshDecks = useRefreshDecks();
  const title = useDeckText(deck.is_imported)(deck).title;
  const onOpenChange = (open: boolean) => !open && onClose();
  if (dialog === 'import' && !deck.is_imported) {
    return (
      <ImportCardsDialog
        open
        onOpenChange={onOpenChange}
        deckId={deck.id}
        deckTitle={title}
        refreshDecks={refreshDecks}
      />
    );
  }
  return dialog === 'export' ? (
    <ExportDeckDialog open onOpenChange={onOpenChange} deckId={deck.id} deckTitle={title} />
  ) : null;
}

/** `/deck/{id}`: the deck (decks feature) with its cards (cards feature), imported and exported (transfer feature). */
export default function DeckPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const refreshDecks = useRefreshDecks();
  const [transfer, setTransfer] = useState<TransferDialog>(null);
  const navigate = useNavigate();
  const offline = useNeedsConnection();
  return (
    <DeckDetail
      deckId={parseRouteId(id)}
      menuItems={(deck) => [
        { label: t('transfer.export.menu'), onSelect: () => setTransfer('export') },
        { label: t('print.menu'), onSelect: () => navigate(`/deck/${deck.id}/print`) },
        ...(deck.is_imported
          ? []
          : [
              {
                label: t('sharing.menu'),
                onSelect: () => navigate(`/deck/${deck.id}/share`),
                disabled: Boolean(offline),
                disabledReason: offline ?? undefined,
              },
            ]),
      ]}
      cards={(deck) => (
        <>
          <DeckCards
            deckId={deck.id}
            cards={deck.cards}
            editable={!deck.is_imported}
            refreshDeck={refreshDecks}
            actions={
              <Button onClick={() => setTransfer('import')} disabledReason={offline} title={offline ?? undefined}>
                {t('transfer.cards.open')}
              </Button>
            }
          />
          <DeckTransfer deck={deck} dialog={transfer} onClose={() => setTransfer(null)} />
        </>
      )}
    />
  );
}
