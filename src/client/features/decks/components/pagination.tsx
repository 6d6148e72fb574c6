import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { BackIcon, ForwardIcon } from '@client/components/ui/icons';
import styles from './decks.module.css';

/** Previous / 'Page X of Y' / next. */
export function Pagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.pagination} aria-label={t('decks.pagination.label')}>
      <Button onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <BackIcon />
        {t('decks.pagination.previous')}
      </Button>
      <span aria-live="polite">{t('decks.pagination.pageOf', { page, total: pages })}</span>
      <Button onClick={() => onChange(page + 1)} disabled={page >= pages}>
        {t('decks.pagination.next')}
        <ForwardIcon />
      </Button>
    </nav>
  );
}
