import { useTranslation } from 'react-i18next';
import type { Bug } from '@shared/schemas/bug';
import { formatDate } from '@client/lib/dates';
import { isLanguage } from '@client/lib/i18n';
import { Menu } from '@client/components/ui/menu';
import { UpvoteIcon } from '@client/components/ui/icons';
import styles from './bugs.module.css';

interface BugItemProps {
  bug: Bug;
  voting: boolean;
  onVote: () => void;
  onClose: () => void;
}

/** One bug: title, description, reported date, vote toggle with its count, and a menu with Close Bug. */
export function BugItem({ bug, voting, onVote, onClose }: BugItemProps) {
  const { t, i18n } = useTranslation();
  const reported = formatDate(bug.created_at, isLanguage(i18n.language) ? i18n.language : 'en');
  return (
    <article className={styles.bug}>
      <div className={styles.bugBody}>
        <h2 className={styles.bugTitle}>{bug.title}</h2>
        <p className={styles.bugDescription}>{bug.description}</p>
        <p className={styles.bugDate}>
          {t('bugs.item.reported')} <time dateTime={bug.created_at}>{reported}</time>
        </p>
      </div>
      <div className={styles.bugActions}>
        <button
          type="button"
          className={bug.user_has_voted ? `${styles.vote} ${styles.voted}` : styles.vote}
          aria-pressed={bug.user_has_voted}
          aria-label={t('bugs.item.vote', { count: bug.upvotes, title: bug.title })}
          disabled={voting}
          onClick={onVote}
        >
          <UpvoteIcon />
          <span>{bug.upvotes}</span>
        </button>
        <Menu
          label={t('bugs.item.actions', { title: bug.title })}
          items={[{ label: t('bugs.item.close'), onSelect: onClose }]}
        />
      </div>
    </article>
  );
}
