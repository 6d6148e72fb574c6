import { useTranslation } from 'react-i18next';
import { CARD_TEXT_FIELDS, OPTIONAL_TEXT_FIELDS, type CardSide } from '@shared/card-fields';
import type { Card } from '@shared/schemas/card';
import { Menu } from '@client/components/ui/menu';
import { cardPictureUrl } from '@client/lib/image-url';
import { useNeedsConnection } from '@client/lib/online';
import styles from './cards.module.css';

interface Props {
  card: Card;
  /** Own decks only: edit and delete. */
  onEdit?: (card: Card) => void;
  onDelete?: (card: Card) => void;
  /** Above the fold: the picture loads at once, first in line, instead of when scrolled to. */
  eager?: boolean;
}

/** One card: its picture, the English side and the Spanish side, each with pronunciation. */
export function CardItem({ card, onEdit, onDelete, eager = false }: Props) {
  const { t } = useTranslation();
  const offline = useNeedsConnection();
  const picture = cardPictureUrl(card);
  return (
    <article className={styles.card}>
      {picture && (
        <img
          className={styles.image}
          src={picture}
          alt={card.en}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
        />
      )}
      <div className={styles.sides}>
        <div className={styles.side}>
          <span className={styles.sideLabel}>{t('cards.english')}</span>
          <p className={styles.text} lang="en">
            {card.en}
          </p>
          <SideDetails card={card} side="en" />
        </div>
        <div className={styles.side}>
          <span className={styles.sideLabel}>{t('cards.spanish')}</span>
          <p className={styles.text} lang="es">
            {card.es}
          </p>
          <SideDetails card={card} side="es" />
        </div>
      </div>
      {onEdit && onDelete && (
        <div className={styles.cardMenu}>
          <Menu
            label={t('cards.list.menu', { text: card.en })}
            items={[
              {
                label: t('cards.list.edit'),
                onSelect: () => onEdit(card),
                disabled: !!offline,
                disabledReason: offline ?? undefined,
              },
              {
                label: t('cards.list.delete'),
                onSelect: () => onDelete(card),
                destructive: true,
                disabled: !!offline,
                disabledReason: offline ?? undefined,
              },
            ]}
          />
        </div>
      )}
    </article>
  );
}

/** A side's optional text fields (pronunciation, …) that hold text, from their one declaration. */
function SideDetails({ card, side }: { card: Card; side: CardSide }) {
  const fields = OPTIONAL_TEXT_FIELDS.filter((f) => CARD_TEXT_FIELDS[f].side === side && card[f]);
  return fields.map((f) => (
    <p key={f} className={styles.pronunciation}>
      {card[f]}
    </p>
  ));
}
