import type { Language } from '@shared/constants';
import { formatDate } from '@client/lib/dates';

/**
 * Local days ('YYYY-MM-DD', as the memory statistics name them) for the progress charts: their
 * weekday, short labels and the calendar grid of the activity chart. Tables rather than Intl, as
 * lib/dates.ts explains.
 */

const WEEKDAYS: Record<Language, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  es: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
};
const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};
/** The first day of the week: Sunday on English calendars, Monday on Spanish ones. */
const WEEK_START: Record<Language, number> = { en: 0, es: 1 };

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** 0 = Sunday … 6 = Saturday (a calendar fact, the same in every time zone). */
export function weekdayOf(day: string): number {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export const dayOfMonth = (day: string) => parts(day)[2];
export const weekdayName = (day: string, lang: Language) => WEEKDAYS[lang][weekdayOf(day)]!;
export const monthName = (day: string, lang: Language) => MONTHS[lang][parts(day)[1] - 1]!;

/** The full date of a table row: "Mon, Mar 4, 2026" / "lun, 4 mar 2026". */
export const formatDay = (day: string, lang: Language) =>
  `${weekdayName(day, lang)}, ${formatDate(`${day}T12:00:00`, lang)}`;

/** A cell of the activity calendar: its column (week) and row (weekday from the week's start). */
export interface CalendarCell<D> {
  item: D;
  column: number;
  row: number;
}

/**
 * Consecutive days laid out as a calendar, one column per week and one row per weekday (the
 * language's week start first), like GitHub's contribution chart and Anki's review heatmap.
 */
export function calendarCells<D extends { date: string }>(days: readonly D[], lang: Language) {
  const start = WEEK_START[lang];
  const offset = days.length > 0 ? (weekdayOf(days[0]!.date) - start + 7) % 7 : 0;
  const cells: CalendarCell<D>[] = days.map((item, i) => ({
    item,
    column: Math.floor((i + offset) / 7),
    row: (i + offset) % 7,
  }));
  const columns = days.length > 0 ? cells[cells.length - 1]!.column + 1 : 0;
  /** Row labels: the weekday names in the order of the rows. */
  const rowNames = Array.from({ length: 7 }, (_, r) => WEEKDAYS[lang][(r + start) % 7]!);
  return { cells, columns, rowNames };
}
