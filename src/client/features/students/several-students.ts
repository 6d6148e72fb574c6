import { STUDENT_AGE_MAX, STUDENT_AGE_MIN, STUDENT_NAME_MAX } from '@shared/constants';

/** One line of "Add several", read: the name, the age (null: none given), and what is wrong with it. */
export interface SeveralRow {
  name: string;
  age: number | null;
  problem: 'name' | 'nameLength' | 'age' | null;
}

const HEADER_NAMES = /^(names?|nombres?|students?|estudiantes?|alumnos?)$/i;

/**
 * Reads names typed one a line or pasted from a spreadsheet: a column of names, optionally followed by an
 * age after a tab (what a spreadsheet copies) or a comma. Blank lines and a header row ("Name, Age") are skipped.
 */
export function readSeveral(text: string): SeveralRow[] {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  const rows = lines.map((line) => {
    const cells = line.includes('\t') ? line.split('\t') : line.split(',');
    const name = (cells[0] ?? '').trim();
    const ageText = (cells[1] ?? '').trim();
    const age = ageText === '' ? null : /^\d+$/.test(ageText) ? Number(ageText) : NaN;
    const problem: SeveralRow['problem'] =
      name === ''
        ? 'name'
        : name.length > STUDENT_NAME_MAX
          ? 'nameLength'
          : age !== null && (Number.isNaN(age) || age < STUDENT_AGE_MIN || age > STUDENT_AGE_MAX)
            ? 'age'
            : null;
    return { name, age: Number.isNaN(age) ? null : age, problem, ageText };
  });
  const first = rows[0];
  if (first && rows.length > 1 && HEADER_NAMES.test(first.name) && !/^\d+$/.test(first.ageText)) rows.shift();
  return rows.map(({ name, age, problem }) => ({ name, age, problem }));
}

/** The row numbers (from 0) the server named in a 400's `students.N.field`. */
export function serverRowErrors(fields: readonly { field: string }[]): Map<number, 'name' | 'age'> {
  const out = new Map<number, 'name' | 'age'>();
  for (const { field } of fields) {
    const m = /^students\.(\d+)\.(name|age)$/.exec(field);
    if (m) out.set(Number(m[1]), m[2] as 'name' | 'age');
  }
  return out;
}
