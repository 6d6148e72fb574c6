import type { TFunction } from 'i18next';
import type { Language } from '@shared/constants';
import { formatStudyTime } from '@shared/duration';

export const currentLanguage = (lng: string): Language => (lng.startsWith('es') ? 'es' : 'en');

/** A rounded percentage, or 'N/A' when there is nothing to measure. */
export function formatPercent(value: number | null | undefined, t: TFunction): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? t('progress.na')
    : t('progress.percent', { value: Math.round(value) });
}

/**
 * Study time as the progress screen shows it: under a minute it says so, with the seconds ("Less
 * than a minute (45 s)"), rather than "0 min", which reads as if nothing was recorded; from a
 * minute on, hours and minutes (formatStudyTime).
 */
export function formatTime(seconds: number, lang: Language, t: TFunction): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  if (whole >= 60) return formatStudyTime(whole, lang);
  return whole > 0 ? t('progress.time.underMinuteSeconds', { seconds: whole }) : t('progress.time.underMinute');
}
