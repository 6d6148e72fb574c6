import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '@client/components/not-found-screen';

/** Any address that is not a page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <NotFoundScreen title={t('common.notFound.title')} body={t('common.notFound.body')} />;
}
