import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Deck } from '@shared/schemas/deck';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import type { DeckDialogAction } from './deck-dialogs';
import { Creator } from './creator';
import styles from './decks.module.css';

interface Props {
  deck: Deck;
  onAction: (action: DeckDialogAction, deck: Deck) => void;
  onToggleArchived: (deck: Deck) => void;
}

/** One deck on the home list: colour, title, subtitle, card count, creator, and its actions menu. */
export function DeckCard({ deck, onAction, onToggleArchived }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const imported = deck.is_imported;
  const items: MenuItem[] = [
    {
      label: imported ? t('decks.actions.view') : t('decks.actions.edit'),
      onSelect: () => navigate(`/deck/${deck.id}`),
    },
    ...(imported ? [] : [{ label: t('decks.actions.rename'), onSelect: () => onAction('rename', deck) }]),
    { label: t('decks.actions.duplicate'), onSelect: () => onAction('duplicate', deck) },
    ...(imported
      ? []
      : [
          {
            label: deck.is_archived ? t('decks.actions.unarchive') : t('decks.actions.archive'),
            onSelect: () => onToggleArchived(deck),
          },
        ]),
    {
      label: imported ? t('decks.actions.remove') : t('decks.actions.delete'),
      onSelect: () => onAction('delete', deck),
      destructive: true,
    },
  ];
  return (
    <article className={styles.deck} style={{ '--deck-color': deck.color } as CSSProperties}>
      <div className={styles.deckHead}>
        <h2>
          <Link to={`/deck/${deck.id}`} className={styles.deckLink}>
            {deck.title}
          </Link>
        </h2>
        <Menu label={t('decks.actions.menu', { title: deck.title })} items={items} />
      </div>
      {deck.subtitle && <p className={styles.subtitle}>{deck.subtitle}</p>}
      <div className={styles.deckMeta}>
        <Creator deck={deck} />
        <span>
          {t('decks.card.cardCount', { count: deck.card_count })}
          {deck.is_archived && (
            <>
              {' '}
              <span className={styles.tag}>{t('decks.card.archived')}</span>
            </>
          )}
        </span>
      </div>
    </article>
  );
}
