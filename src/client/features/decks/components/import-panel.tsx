import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueDeck } from '@shared/schemas/catalogue';
import type { Deck } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { StarIcon } from '@client/components/ui/icons';
import { notify } from '@client/components/ui/toasts';
import { ApiRequestError } from '@client/lib/api-client';
import { catalogueText } from '@client/lib/catalogue';
import { errorText } from '@client/lib/errors';
import { useCatalogue, useImportDeck } from '../api/import-deck';
import { importedCatalogueIds } from '../deck-list';
import styles from './decks.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  studentId: number | null;
  /** The current student's decks, to mark catalogue decks already imported. */
  decks: readonly Deck[];
  onImported: (deck: Deck) => void;
}

/** The starter catalogue: each deck with its author and an Import button ('Already Imported' once done). */
export function ImportPanel({ open, onOpenChange, studentId, decks, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue(open);
  const importDeck = useImportDeck();
  const [importingId, setImportingId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const imported = importedCatalogueIds(decks);

  const start = (source: CatalogueDeck) => {
    setImportingId(source.id);
    setStatus('');
    importDeck.mutate(
      { source, studentId },
      {
        onSuccess: (deck) => {
          // Said in the dialog too: while it is open, the page behind it (and the toasts) is hidden
          // from screen readers.
          const message = t('decks.status.imported', { title: catalogueText(source, i18n.language).title });
          setStatus(message);
          notify(message);
          onImported(deck);
        },
        onSettled: () => setImportingId(null),
      },
    );
  };

  const change = (next: boolean) => {
    if (!next) {
      importDeck.reset();
      setStatus('');
    }
    onOpenChange(next);
  };

  const error = importDeck.error;
  const list = catalogue.data?.decks ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('decks.import.title')}
      description={t('decks.import.description')}
    >
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {error && (
        <Alert>
          {error instanceof ApiRequestError && error.code === 'already_imported'
            ? t('decks.errors.alreadyImported')
            : errorText(error, t('decks.errors.import'))}
        </Alert>
      )}
      {catalogue.isPending ? (
        <Spinner />
      ) : catalogue.error ? (
        <Alert>{errorText(catalogue.error, t('common.errors.generic'))}</Alert>
      ) : list.length === 0 ? (
        <EmptyState title={t('decks.import.empty')} />
      ) : (
        <ul className={styles.catalogue}>
          {list.map((deck) => {
            const done = imported.has(deck.id);
            const busy = importingId === deck.id;
            const shown = catalogueText(deck, i18n.language);
            return (
              <li
                key={deck.id}
                className={styles.catalogueItem}
                style={{ '--deck-color': deck.color } as CSSProperties}
              >
                <div className={styles.catalogueText}>
                  <h3>{shown.title}</h3>
                  {shown.subtitle && <p>{shown.subtitle}</p>}
                  <p className={styles.creator}>
                    <StarIcon size={16} />
                    {t('decks.card.helper')} · {t('decks.card.cardCount', { count: deck.cards.length })}
                  </p>
                </div>
                <Button
                  variant={done ? 'secondary' : 'primary'}
                  disabled={done || importingId !== null}
                  onClick={() => start(deck)}
                >
                  {done
                    ? t('decks.import.alreadyImported')
                    : busy
                      ? t('decks.import.importing')
                      : t('decks.import.import')}
                  <span className="visually-hidden"> {shown.title}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
