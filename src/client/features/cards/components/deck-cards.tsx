import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@shared/schemas/card';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/feedback';
import { PlusIcon } from '@client/components/ui/icons';
import { CardsPicture } from '@client/components/illustrations/deck-pictures';
import { notify } from '@client/components/ui/toasts';
import { errorText } from '@client/lib/errors';
import { useNeedsConnection } from '@client/lib/online';
import { lazyNamed } from '@client/components/ui/lazy';
import { useDeleteCard, type RefreshDeck } from '../api/card-mutations';
import { EAGER_PICTURES } from '../pictures';
import { CardItem } from './card-item';
import styles from './cards.module.css';

// The form (and its validation) loads when a card is first added or edited.
const CardFormDialog = lazyNamed(() => import('./card-form-dialog').then((m) => m.CardFormDialog));

interface Props {
  deckId: number;
  cards: readonly Card[];
  /** False for imported decks: no add, edit or delete (SPEC §6). */
  editable: boolean;
  refreshDeck: RefreshDeck;
  /** More buttons beside Add card (the page's, from other features). */
  actions?: ReactNode;
}

/** The cards of a deck on its detail page, with add, edit and delete for own decks. */
export function DeckCards({ deckId, cards, editable, refreshDeck, actions }: Props) {
  const { t } = useTranslation();
  // Offline, adding and editing wait for the connection: disabled, with the reason shown.
  const offline = useNeedsConnection();
  const [form, setForm] = useState<{ card: Card | null } | null>(null);
  const [toDelete, setToDelete] = useState<Card | null>(null);
  const remove = useDeleteCard(refreshDeck);

  const openForm = (card: Card | null) => setForm({ card });

  return (
    <section aria-labelledby="deck-cards-heading">
      <div className={styles.head}>
        <h2 id="deck-cards-heading">{t('cards.list.heading', { count: cards.length })}</h2>
        {editable && (
          <div className={styles.headActions}>
            {actions}
            <Button
              variant="primary"
              onClick={() => openForm(null)}
              disabledReason={offline}
              title={offline ?? undefined}
            >
              <PlusIcon />
              {t('cards.list.add')}
            </Button>
          </div>
        )}
      </div>
      {cards.length === 0 ? (
        editable ? (
          <EmptyState
            picture={<CardsPicture />}
            title={t('cards.empty.ownTitle')}
            body={t('cards.empty.ownBody')}
            action={
              <Button
                variant="primary"
                onClick={() => openForm(null)}
                disabledReason={offline}
                title={offline ?? undefined}
              >
                {t('cards.empty.addFirst')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            picture={<CardsPicture />}
            title={t('cards.empty.importedTitle')}
            body={t('cards.empty.importedBody')}
          />
        )
      ) : (
        <ul className={styles.list}>
          {cards.map((card, index) => (
            <li key={card.id}>
              <CardItem
                card={card}
                eager={index < EAGER_PICTURES}
                onEdit={editable ? openForm : undefined}
                onDelete={editable ? setToDelete : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <>
          {form !== null && (
            <CardFormDialog
              open
              onOpenChange={(open) => !open && setForm(null)}
              deckId={deckId}
              card={form.card}
              refreshDeck={refreshDeck}
              onSaved={(_card, created) => {
                setForm(null);
                // Cards added in a row make one toast that counts them ("3 cards added."), not a stack.
                notify(created ? t('cards.status.created') : t('cards.status.updated'), {
                  repeated: (count) => t(created ? 'cards.status.createdMany' : 'cards.status.updatedMany', { count }),
                });
              }}
            />
          )}
          <ConfirmDialog
            open={toDelete !== null}
            onOpenChange={(open) => {
              if (!open) {
                remove.reset();
                setToDelete(null);
              }
            }}
            title={t('cards.delete.title')}
            message={toDelete ? t('cards.delete.message', { text: toDelete.en }) : ''}
            confirmLabel={t('cards.delete.confirm')}
            pending={remove.isPending}
            error={remove.error ? errorText(remove.error, t('cards.errors.delete')) : null}
            onConfirm={() =>
              toDelete &&
              remove.mutate(toDelete.id, {
                onSuccess: () => {
                  setToDelete(null);
                  notify(t('cards.status.deleted'));
                },
              })
            }
          />
        </>
      )}
    </section>
  );
}
