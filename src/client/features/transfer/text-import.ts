import Papa from 'papaparse';
import {
  CARD_TEXT_FIELDS,
  fieldOfName,
  normaliseFieldName,
  REQUIRED_TEXT_FIELDS,
  TEXT_FIELD_NAMES,
  type CardTextField,
} from '@shared/card-fields';
import { restoreCell } from '@shared/card-csv';
import type { BulkCardsInput } from '@shared/schemas/transfer';

/**
 * Pasted text and text files (CSV, TSV, Quizlet and Anki text exports) read into cards. Every
 * split into rows and columns is papaparse's; this module only chooses its settings, reads Anki's
 * header lines, and checks each row against the card limits. The card's fields, their limits and the
 * column names that mean them come from their one declaration (`@shared/card-fields`).
 */

export const CARD_FIELDS = TEXT_FIELD_NAMES;
export type CardField = CardTextField;
export type ColumnRole = CardField | 'ignore';
export const COLUMN_ROLES: readonly ColumnRole[] = [...CARD_FIELDS, 'ignore'];
export type BulkCard = BulkCardsInput['cards'][number];

/** The column separators offered by name, tab first: it wins a tie (a Quizlet definition may hold `;` or `,`). */
export const COLUMN_SEPARATORS = ['\t', ',', ';', '|'] as const;
/** Rows end at a new line unless the user (or a one-line Quizlet export) says otherwise. */
export const NEW_LINE = '\n';
/** Columns shown for mapping: a wrong separator on prose can make hundreds; they are ignored past this. */
export const MAX_COLUMNS = 30;

/** What Anki's file headers (`#separator:tab`, `#html:true`, `#columns:…`, `#tags column:3`) said. */
export interface AnkiHeaders {
  separator?: string;
  html?: boolean;
  /** Column names (`#columns:`), read with the file's separator. */
  columns?: string[];
  /** 0-based columns that hold Anki's tags, deck, note type or guid: ignored by default. */
  metaColumns: number[];
}

export interface SeparatorChoice {
  /** Between the columns of a row; null detects it. */
  columns: string | null;
  /** Between rows: NEW_LINE (CSV quoting applies) or any other string (Quizlet: no quoting); null detects it. */
  rows: string | null;
}

export interface ParsedText {
  /** Every record, empty ones included, each at most MAX_COLUMNS long. */
  records: string[][];
  /** The row number shown for each record: its line in the file when no field spans lines. */
  rowNumbers: number[];
  columns: string;
  rows: string;
  columnCount: number;
  headers: AnkiHeaders | null;
  /** Row numbers where a quoted field is not closed properly. */
  quoteProblems: number[];
}

const ANKI_SEPARATORS: Record<string, string> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
  space: ' ',
  pipe: '|',
  colon: ':',
};
const ANKI_META_COLUMNS = ['tags column', 'deck column', 'notetype column', 'guid column'];
const HEADER_LINE = /^#([a-z ]+):(.*)$/i;

/** `\t` and `\n` typed into a custom separator box mean a tab and a new line. */
export function unescapeSeparator(text: string): string {
  return text.replace(/\\([tn\\])/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : '\\'));
}

/** A character the text does not hold, to stand in for something during a parse. */
function unusedChar(text: string, from: number): string {
  for (let code = from; ; code++) {
    const c = String.fromCharCode(code);
    if (!text.includes(c)) return c;
  }
}

/** Anki's header lines at the top of the text, and where the data starts. */
function readAnkiHeaders(text: string): {
  headers: AnkiHeaders | null;
  columnsLine: string | undefined;
  body: string;
  lines: number;
} {
  const found: Record<string, string> = {};
  let at = 0;
  let lines = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end).replace(/\r$/, '');
    const match = HEADER_LINE.exec(line);
    if (!match) break;
    found[match[1]!.trim().toLowerCase()] = match[2]!;
    lines += 1;
    at = end < 0 ? text.length : end + 1;
  }
  if (lines === 0) return { headers: null, columnsLine: undefined, body: text, lines: 0 };
  const headers: AnkiHeaders = { metaColumns: [] };
  const sep = found.separator;
  if (sep !== undefined) headers.separator = ANKI_SEPARATORS[sep.trim().toLowerCase()] ?? (sep.length ? sep : '\t');
  if (found.html !== undefined) headers.html = found.html.trim().toLowerCase() === 'true';
  for (const key of ANKI_META_COLUMNS) {
    const n = Number(found[key]);
    if (Number.isInteger(n) && n >= 1) headers.metaColumns.push(n - 1);
  }
  return { headers, columnsLine: found.columns, body: text.slice(at), lines };
}

/** Rows: a one-line text with semicolons is Quizlet's "between rows: semicolon"; otherwise new lines. */
function detectRows(body: string): string {
  const text = body.trimEnd();
  return !/[\r\n]/.test(text) && text.includes(';') ? ';' : NEW_LINE;
}

/** Papa's guess over the first rows: the separator that gives the most even column count. */
function detectColumns(body: string, quoteChar: string): string {
  const guess = Papa.parse<string[]>(body.slice(0, 64 * 1024), {
    delimitersToGuess: [...COLUMN_SEPARATORS],
    quoteChar,
    preview: 20,
    skipEmptyLines: 'greedy',
  });
  return guess.errors.some((e) => e.code === 'UndetectableDelimiter') ? '\t' : guess.meta.delimiter;
}

/** Reads the text into records with the chosen (or detected) separators. */
export function parseText(input: string, choice: SeparatorChoice = { columns: null, rows: null }): ParsedText {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const { headers, columnsLine, body: afterHeaders, lines } = readAnkiHeaders(text);
  const rows = choice.rows || detectRows(afterHeaders);
  let body = afterHeaders;
  let quoteChar = '"';
  // Papa ends rows only at new lines. Quizlet's custom row separators come without quoting, and a
  // new line inside is part of a card: new lines stand aside as an unused character for the parse,
  // and the row separator becomes the new line.
  let keptNewLine: string | null = null;
  if (rows !== NEW_LINE) {
    keptNewLine = unusedChar(body, 0xe000);
    quoteChar = unusedChar(body + keptNewLine, keptNewLine.charCodeAt(0) + 1);
    const asKept = (s: string) => s.replace(/\r\n|\r|\n/g, keptNewLine!);
    body = asKept(body).replaceAll(asKept(rows), NEW_LINE);
  }
  const columns = choice.columns || headers?.separator || detectColumns(body, quoteChar);
  if (headers && columnsLine !== undefined) {
    const names = Papa.parse<string[]>(columnsLine, { delimiter: columns }).data[0] ?? [];
    headers.columns = names.map((c) => c.trim());
  }
  const result = Papa.parse<string[]>(body, {
    delimiter: columns,
    quoteChar,
    ...(keptNewLine ? { newline: NEW_LINE } : {}),
    skipEmptyLines: false,
  });
  const restore = keptNewLine ? (cell: string) => cell.replaceAll(keptNewLine, '\n') : (cell: string) => cell;
  const records = result.data.map((record) =>
    (record.length > MAX_COLUMNS ? record.slice(0, MAX_COLUMNS) : record).map(restore),
  );
  const first = lines + 1;
  return {
    records,
    rowNumbers: records.map((_, i) => first + i),
    columns,
    rows,
    columnCount: records.reduce((max, r) => Math.max(max, r.length), 0),
    headers,
    quoteProblems: [
      ...new Set(result.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => first + e.row!)),
    ],
  };
}

const isEmpty = (record: string[]) => record.every((cell) => cell.trim() === '');

/** What a column's name says it holds (`fieldOfName`, or Anki's own columns); undefined when it says nothing we know. */
export function roleOfName(name: string): ColumnRole | undefined {
  const field = fieldOfName(name);
  if (field) return field;
  if (/^(tags?|deck|notetype|note type|guid|etiquetas?|mazo)$/.test(normaliseFieldName(name))) return 'ignore';
  return undefined;
}

/** The first record with any text: the header row when there is one. */
function headerIndex(parsed: ParsedText): number {
  const i = parsed.records.findIndex((r) => !isEmpty(r));
  return i < 0 ? 0 : i;
}

/** Whether the first row looks like column names (two or more known ones); never with Anki's `#columns:`. */
export function looksLikeHeader(parsed: ParsedText): boolean {
  if (parsed.headers?.columns) return false;
  const first = parsed.records[headerIndex(parsed)] ?? [];
  return first.filter((cell) => roleOfName(cell) !== undefined).length >= 2;
}

/** The column names: Anki's `#columns:`, else the header row when the user says there is one. */
export function columnNames(parsed: ParsedText, header: boolean): string[] | null {
  if (parsed.headers?.columns) return parsed.headers.columns;
  return header ? (parsed.records[headerIndex(parsed)] ?? []).map((c) => c.trim()) : null;
}

/** Gives `index` the role; the column that had it before is ignored (each card field comes from one column). */
export function assignRole(roles: readonly ColumnRole[], index: number, role: ColumnRole): ColumnRole[] {
  return roles.map((r, i) => (i === index ? role : role !== 'ignore' && r === role ? 'ignore' : r));
}

/**
 * The mapping to start from: from the column names when they name English and Spanish, else the
 * remembered one when it fits the column count, else English, Spanish and the rest ignored.
 */
export function initialRoles(
  parsed: ParsedText,
  header: boolean,
  remembered: readonly ColumnRole[] | null,
): ColumnRole[] {
  const count = parsed.columnCount;
  const meta = new Set(parsed.headers?.metaColumns);
  let roles: ColumnRole[] = Array.from({ length: count }, () => 'ignore');
  const names = columnNames(parsed, header);
  const fromNames = names?.slice(0, count).map(roleOfName);
  if (fromNames && REQUIRED_TEXT_FIELDS.every((f) => fromNames.includes(f))) {
    fromNames.forEach((role, i) => {
      if (role && role !== 'ignore' && !roles.includes(role)) roles[i] = role;
    });
  } else if (remembered && remembered.length === count && remembered.every((r) => COLUMN_ROLES.includes(r))) {
    roles = [...remembered];
  } else {
    const free = [...Array(count).keys()].filter((i) => !meta.has(i));
    REQUIRED_TEXT_FIELDS.forEach((f, i) => {
      if (free[i] !== undefined) roles[free[i]] = f;
    });
  }
  return roles.map((r, i) => (meta.has(i) ? 'ignore' : r));
}

const SOUND = /\[sound:[^\]]*\]/g;

/** Lines trimmed, runs of spaces (non-breaking ones too) made one, blank lines dropped. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Anki's HTML as plain text (the browser's parser; nothing in it runs or loads): breaks and blocks become new lines, sounds are dropped. */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html.replace(SOUND, ' '), 'text/html').body;
  body.querySelectorAll('script, style').forEach((el) => el.remove());
  body.querySelectorAll('br').forEach((el) => el.replaceWith('\n'));
  body.querySelectorAll('div, p, li, tr, h1, h2, h3, h4, h5, h6').forEach((el) => el.append('\n'));
  body.querySelectorAll('td, th').forEach((el) => el.append(' '));
  return tidy(body.textContent ?? '');
}

/**
 * A cell as card text: our export's formula-neutralising quote taken off, then HTML reduced only
 * when the file says it is HTML (Anki's `#html:true`) or the parent says so; otherwise kept as written.
 */
export function cellText(raw: string | undefined, html: boolean): string {
  if (!raw) return '';
  const cell = restoreCell(raw);
  return html ? htmlToText(cell) : cell.trim();
}

/** Whether cells are read as HTML: what the file's `#html:` header says, unless the parent chose. */
export function cellsAreHtml(parsed: ParsedText, choice: boolean | null): boolean {
  return choice ?? parsed.headers?.html ?? false;
}

export type Issue = { field: CardField; kind: 'blank' } | { field: CardField; kind: 'too_long'; max: number };
export interface RowProblem {
  row: number;
  issues: Issue[];
}
export interface ImportRow {
  row: number;
  card: BulkCard;
}
export interface ImportPlan {
  /** Rows that make valid cards. */
  cards: ImportRow[];
  /** Rows that do not, with why. */
  problems: RowProblem[];
  /** Rows with no text at all (left out silently). */
  empty: number;
  /** Required fields (English, Spanish) no column is mapped to (nothing can be imported). */
  unmapped: CardField[];
}

/** The data records (without the header row) with their row numbers. */
export function dataRecords(parsed: ParsedText, header: boolean): { row: number; cells: string[] }[] {
  const skip = header && !parsed.headers?.columns ? headerIndex(parsed) : -1;
  const out: { row: number; cells: string[] }[] = [];
  parsed.records.forEach((cells, i) => {
    if (i !== skip) out.push({ row: parsed.rowNumbers[i]!, cells });
  });
  return out;
}

/** Every data row checked as the server checks a card (trimmed, required, at most the card limits). */
export function planImport(
  parsed: ParsedText,
  header: boolean,
  roles: readonly ColumnRole[],
  html: boolean = cellsAreHtml(parsed, null),
): ImportPlan {
  const column = Object.fromEntries(CARD_FIELDS.map((f) => [f, roles.indexOf(f)])) as Record<CardField, number>;
  const unmapped: CardField[] = REQUIRED_TEXT_FIELDS.filter((f) => column[f] < 0);
  const plan: ImportPlan = { cards: [], problems: [], empty: 0, unmapped };
  if (unmapped.length) return plan;
  const fields = CARD_FIELDS.map((field) => ({ field, at: column[field], ...CARD_TEXT_FIELDS[field] }));
  for (const { row, cells } of dataRecords(parsed, header)) {
    if (isEmpty(cells)) {
      plan.empty += 1;
      continue;
    }
    const issues: Issue[] = [];
    // Empty optional fields are left out, as the card form leaves them.
    const card: Partial<Record<CardField, string>> = {};
    for (const { field, at, max, required } of fields) {
      const value = at < 0 ? '' : cellText(cells[at], html);
      if (value) card[field] = value;
      if (value.length > max) issues.push({ field, kind: 'too_long', max });
      else if (!value && required) issues.push({ field, kind: 'blank' });
    }
    if (issues.length) plan.problems.push({ row, issues });
    else plan.cards.push({ row, card: card as BulkCard });
  }
  return plan;
}

/** The first `count` data rows that hold text, as shown (HTML reduced), for the preview table. */
export function previewRows(
  parsed: ParsedText,
  header: boolean,
  count: number,
  html: boolean = cellsAreHtml(parsed, null),
) {
  const out: { row: number; cells: string[] }[] = [];
  for (const { row, cells } of dataRecords(parsed, header)) {
    if (out.length >= count) break;
    if (!isEmpty(cells)) out.push({ row, cells: cells.map((c) => cellText(c, html)) });
  }
  return out;
}

/** A text file's bytes as text: UTF-8 (a BOM is dropped), else Windows-1252 (what Excel writes as plain "CSV"). */
export function decodeText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Splits the cards into requests of at most `size` (each all or nothing on the server). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
