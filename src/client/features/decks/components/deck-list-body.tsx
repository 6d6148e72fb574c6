import { useTranslation } from 'react-i18next';
import type { Deck } from '@shared/schemas/deck';
import { lazyPicture } from '@client/components/illustrations/lazy-picture';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/feedback';
import type { DeckText } from '@client/lib/catalogue';
import type { DeckDialogAction } from './deck-dialogs';
import { DeckCard } from './deck-card';
import { Pagination } from './pagination';
import styles from './decks.module.css';

// Shown only when a list is empty: drawn on demand, outside the home's first download.
const pictures = () => import('@client/components/illustrations/deck-pictures');
const DecksPicture = lazyPicture(() => pictures().then((m) => m.DecksPicture), 160, 112);
const SearchPicture = lazyPicture(() => pictures().then((m) => m.SearchPicture), 160, 112);
const ArchivePicture = lazyPicture(() => pictures().then((m) => m.ArchivePicture), 160, 112);

interface Props {
  all: readonly Deck[];
  visible: readonly Deck[];
  items: readonly Deck[];
  filtering: boolean;
  page: number;
  pages: number;
  /** Title and subtitle as shown. */
  text: (deck: Deck) => DeckText;
  canMove: boolean;
  onPageChange: (page: number) => void;
  onCreate: () => void;
  onImport: () => void;
  onShowAll: () => void;
  onShowArchived: () => void;
  onAction: (action: DeckDialogAction, deck: Deck) => void;
  onToggleArchived: (deck: Deck) => void;
}

/** The page of decks, or the right empty state: no decks, no search results, or only archived decks. */
export function DeckListBody(p: Props) {
  const { t } = useTranslation();
  if (p.all.length === 0) {
    return (
      <EmptyState
        picture={<DecksPicture />}
        title={t('decks.empty.noDecksTitle')}
        body={t('decks.empty.noDecksBody')}
        action={
          <div className={styles.footer} style={{ justifyContent: 'center' }}>
            <Button variant="primary" onClick={p.onCreate}>
              {t('decks.createNew')}
            </Button>
            <Button onClick={p.onImport}>{t('decks.importDeck')}</Button>
          </div>
        }
      />
    );
  }
  if (p.visible.length === 0) {
    return p.filtering ? (
      <EmptyState
        picture={<SearchPicture />}
        title={t('decks.empty.noResultsTitle')}
        body={t('decks.empty.noResultsBody')}
        action={
          <Button variant="primary" onClick={p.onShowAll}>
            {t('decks.empty.showAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        picture={<ArchivePicture />}
        title={t('decks.empty.allArchivedTitle')}
        body={t('decks.empty.allArchivedBody')}
        action={
          <Button variant="primary" onClick={p.onShowArchived}>
            {t('decks.search.showArchived')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label={t('decks.list.label')}>
        {p.items.map((deck) => (
          <li key={deck.id}>
            <DeckCard
              deck={deck}
              text={p.text(deck)}
              canMove={p.canMove}
              onAction={p.onAction}
              onToggleArchived={p.onToggleArchived}
            />
          </li>
        ))}
      </ul>
      {p.pages > 1 && <Pagination page={p.page} pages={p.pages} onChange={p.onPageChange} />}
    </>
  );
}
