import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Deck } from '@shared/schemas/deck';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import type { DeckText } from '@client/lib/catalogue';
import { useNeedsConnection } from '@client/lib/online';
import type { DeckDialogAction } from './deck-dialogs';
import { Creator } from './creator';
import { OwnerTag } from './deck-owner';
import { DueBadge } from './due-badge';
import { needingServer } from './offline-items';
import styles from './decks.module.css';

interface Props {
  deck: Deck;
  /** Title and subtitle as shown (a catalogue deck's in the interface language). */
  text: DeckText;
  /** Whether the family has students to move a deck between. */
  canMove: boolean;
  onAction: (action: DeckDialogAction, deck: Deck) => void;
  onToggleArchived: (deck: Deck) => void;
}

/** One deck on the home list: colour, title, subtitle, whose it is, card count, creator, and its actions menu. */
export function DeckCard({ deck, text, canMove, onAction, onToggleArchived }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const imported = deck.is_imported;
  const offline = useNeedsConnection();
  const items: MenuItem[] = [
    {
      label: imported ? t('decks.actions.view') : t('decks.actions.edit'),
      onSelect: () => navigate(`/deck/${deck.id}`),
    },
    ...needingServer(
      [
        ...(imported ? [] : [{ label: t('decks.actions.rename'), onSelect: () => onAction('rename', deck) }]),
        { label: t('decks.actions.duplicate'), onSelect: () => onAction('duplicate', deck) },
      ],
      offline,
    ),
    { label: t('print.menu'), onSelect: () => navigate(`/deck/${deck.id}/print`) },
    ...needingServer(
      [
        ...(imported ? [] : [{ label: t('sharing.menu'), onSelect: () => navigate(`/deck/${deck.id}/share`) }]),
        ...(imported || !canMove ? [] : [{ label: t('decks.actions.move'), onSelect: () => onAction('move', deck) }]),
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
      ],
      offline,
    ),
  ];
  return (
    <article className={styles.deck} style={{ '--deck-color': deck.color } as CSSProperties}>
      <div className={styles.deckHead}>
        <h2>
          <Link to={`/deck/${deck.id}`} className={styles.deckLink}>
            {text.title}
          </Link>
        </h2>
        <Menu label={t('decks.actions.menu', { title: text.title })} items={items} />
      </div>
      {text.subtitle && <p className={styles.subtitle}>{text.subtitle}</p>}
      <DueBadge deck={deck} title={text.title} />
      <div className={styles.deckMeta}>
        <OwnerTag studentId={deck.student_id} />
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
      <div className={styles.deckFoot}>
        <Creator deck={deck} />
        {deck.follows_original && <span className={styles.tag}>{t('sharing.card.follows')}</span>}
      </div>
    </article>
  );
}
