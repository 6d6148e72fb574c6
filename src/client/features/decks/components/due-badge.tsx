import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeckListItem } from '@shared/schemas/deck';
import styles from './due-badge.module.css';

/** "5 to review" on a deck card, leading to that deck's review; nothing when no card is due. */
export function DueBadge({ deck, title }: { deck: Pick<DeckListItem, 'id' | 'due_count'>; title: string }) {
  const { t } = useTranslation();
  const due = deck.due_count ?? 0;
  if (due <= 0) return null;
  return (
    <Link to={`/study/${deck.id}?mode=review`} className={styles.badge}>
      {t('decks.card.due', { count: due })}
      <span className="visually-hidden"> ({title})</span>
    </Link>
  );
}
