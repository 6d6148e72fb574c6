import { useTranslation } from 'react-i18next';
import { formatDate } from '@client/lib/dates';
import { isLanguage } from '@client/lib/i18n';
import { useProgressAsOf } from '../api/progress-api';

/** Offline: says that the figures shown are the last ones this device read, and when. */
export function ProgressAsOf({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const asOf = useProgressAsOf(studentId);
  if (!asOf) return null;
  const at = new Date(asOf);
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const time = `${formatDate(asOf, lang)} ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return <p role="note">{t('offline.asOf', { time })}</p>;
}
