import { DATE_FORMAT_LOCALES, type Language } from '@shared/constants';

// Building an Intl formatter costs far more than using one; the progress screen formats a date per deck.
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A date in the interface language (e.g. "Mar 4, 2025" / "4 mar 2025"). */
export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_FORMAT_LOCALES[lang], { dateStyle: 'medium' });
    dateFormats.set(lang, format);
  }
  return format.format(date);
}
