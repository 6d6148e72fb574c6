import { useTranslation } from 'react-i18next';
import { onDemandStrings } from '@client/lib/on-demand-strings';

export const { strings: offlineNoticeStrings, useStrings } = onDemandStrings(
  'offline',
  import.meta.glob<Record<string, unknown>>('../locales/*/on-demand/offline.json', { import: 'default' }),
);

/** The offline banner's details: what still works, and what waits for the connection. */
export function OfflineNotice() {
  useStrings();
  const { t } = useTranslation();
  return (
    <>
      <p>{t('offline.banner.works')}</p>
      <p>{t('offline.banner.waits')}</p>
    </>
  );
}
