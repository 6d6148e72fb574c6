import Papa from 'papaparse';
import { CARD_TEXT_FIELDS, TEXT_FIELD_NAMES, type CardContentValues, type CardTextField } from './card-fields';

/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that begins with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets. Our CSV
 * export prefixes such a cell with a single quote (and quotes it), which spreadsheets show as text;
 * our import takes that quote back off, so a card exported and imported again is unchanged. Cells
 * that already begin with quotes before such a character get one more, so that the round trip is
 * exact for them too.
 */
export const FORMULA_CELL = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_CELL = /^'+[=+\-@\t\r]/;

/** The cell as our export writes it. */
export function neutraliseCell(cell: string): string {
  return FORMULA_CELL.test(cell) ? `'${cell}` : cell;
}

/** A cell as read from a CSV file: the export's neutralising quote taken back off. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_FORMULA_CELL.test(cell) ? cell.slice(1) : cell;
}

/** The CSV export's header row: each declared text field's `csv` name (our importer and spreadsheets read it as is). */
export const CSV_COLUMNS = TEXT_FIELD_NAMES.map((f) => CARD_TEXT_FIELDS[f].csv);

/**
 * The CSV export of cards: one column per declared text field, named by its `csv` name; UTF-8 with
 * a byte order mark (spreadsheets then read it as UTF-8), CRLF and quoting as RFC 4180, formula
 * cells neutralised. The client's text import reads it back (`features/transfer/text-import.ts`).
 */
export function cardsToCsv(cards: readonly Pick<CardContentValues, CardTextField>[]): string {
  const fields = CSV_COLUMNS;
  const data = cards.map((c) => TEXT_FIELD_NAMES.map((f) => c[f] ?? ''));
  return `\uFEFF${Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: FORMULA_CELL })}\r\n`;
}
