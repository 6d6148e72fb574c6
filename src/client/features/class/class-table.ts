import Papa from 'papaparse';
import type { ClassStudent } from '@shared/schemas/class-progress';

/** The columns of "All students", in table order. */
export const COLUMNS = [
  'name',
  'due_today',
  'reviews_7_days',
  'accuracy_30_days',
  'cards_learned',
  'last_studied',
] as const satisfies readonly (keyof ClassStudent)[];
export type Column = (typeof COLUMNS)[number];
export type Direction = 'ascending' | 'descending';
export interface Sort {
  column: Column;
  direction: Direction;
}

/** A click on a column's header: the same column flips; another starts descending for figures, A–Z for names. */
export function nextSort(current: Sort, column: Column): Sort {
  if (current.column === column)
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: column === 'name' ? 'ascending' : 'descending' };
}

/**
 * The rows in the given order. Missing figures (never studied, no answers) sort last either way,
 * ties keep name order, and names compare as the reader's language does.
 */
export function sortStudents(rows: readonly ClassStudent[], sort: Sort, locale: string): ClassStudent[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byName = (a: ClassStudent, b: ClassStudent) => collator.compare(a.name, b.name) || a.id - b.id;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.column === 'name') return sign * byName(a, b);
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (x < y ? -sign : x > y ? sign : 0) || byName(a, b);
  });
}

/**
 * The table as CSV for spreadsheets: a UTF-8 byte order mark (so that Excel reads accents right),
 * the translated headers, then a row per student with accuracy rounded and the local date studied.
 */
export function classCsv(
  rows: readonly ClassStudent[],
  headers: Record<Column, string>,
  dateOf: (iso: string) => string,
): string {
  const data = rows.map((s) => [
    s.name,
    s.due_today,
    s.reviews_7_days,
    s.accuracy_30_days === null ? '' : Math.round(s.accuracy_30_days),
    s.cards_learned,
    s.last_studied === null ? '' : dateOf(s.last_studied),
  ]);
  // escapeFormulae: a student named "=HYPERLINK(…)" stays text in a spreadsheet.
  return `\uFEFF${Papa.unparse({ fields: COLUMNS.map((c) => headers[c]), data }, { escapeFormulae: true })}`;
}

/** The local calendar date of an instant as YYYY-MM-DD, which every spreadsheet reads as a date. */
export function isoLocalDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
