import type { Language } from '@shared/constants';

/**
 * Short month names of each interface language, as Intl's medium dates write them for en-US
 * ("Mar 4, 2025") and es-ES ("4 mar 2025"). A fixed table rather than Intl.DateTimeFormat: the
 * first formatter a page builds loads the locale data, ~45 ms on the development machine and
 * about four times that on a phone, which held up the progress screen's first paint.
 */
const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/** A date in the interface language, in the reader's time zone (e.g. "Mar 4, 2025" / "4 mar 2025"). */
export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const [day, month, year] = [date.getDate(), MONTHS[lang][date.getMonth()], date.getFullYear()];
  return lang === 'es' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
