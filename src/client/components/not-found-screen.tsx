import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from './ui/button';
import { EmptyState } from './ui/feedback';

/** The one not-found screen (unknown page, missing deck): what is missing, and the way home. */
export function NotFoundScreen({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <EmptyState
        title={title}
        body={body}
        action={
          <Link to="/" className={buttonClass({ variant: 'primary' })}>
            {t('common.actions.goHome')}
          </Link>
        }
      />
    </main>
  );
}
