import type { TFunction } from 'i18next';
import type { Language } from '@shared/constants';

export const currentLanguage = (lng: string): Language => (lng.startsWith('es') ? 'es' : 'en');

/** A rounded percentage, or 'N/A' when there is nothing to measure. */
export function formatPercent(value: number | null | undefined, t: TFunction): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? t('progress.na')
    : t('progress.percent', { value: Math.round(value) });
}
