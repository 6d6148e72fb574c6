import type { TFunction } from 'i18next';
import { DATE_FORMAT_LOCALES, type Language } from '@shared/constants';

export const currentLanguage = (lng: string): Language => (lng.startsWith('es') ? 'es' : 'en');

/** A rounded percentage, or 'N/A' when there is nothing to measure. */
export function formatPercent(value: number | null | undefined, t: TFunction): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? t('progress.na')
    : t('progress.percent', { value: Math.round(value) });
}

/** A date in the interface language (e.g. "Mar 4, 2025" / "4 mar 2025"). */
export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_FORMAT_LOCALES[lang], { dateStyle: 'medium' }).format(date);
}
