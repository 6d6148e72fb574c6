import { useTranslation } from 'react-i18next';
import type { Deck } from '@shared/schemas/deck';
import { Avatar } from '@client/components/ui/feedback';
import { StarIcon } from '@client/components/ui/icons';
import styles from './decks.module.css';

/** Who made the deck: avatar and name, or a star and the team's name, translated, for imported decks. */
export function Creator({ deck }: { deck: Pick<Deck, 'creator_name' | 'creator_avatar' | 'creator_is_helper'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.creator}>
      {deck.creator_is_helper ? (
        <span className={styles.helperStar} aria-hidden="true">
          <StarIcon size={18} />
        </span>
      ) : (
        <Avatar src={deck.creator_avatar} name={deck.creator_name} />
      )}
      <span>
        {deck.creator_is_helper ? t('decks.card.helper') : t('decks.card.createdBy', { name: deck.creator_name })}
      </span>
    </span>
  );
}
