import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ClassStudent } from '@shared/schemas/class-progress';
import { classCsv, nextSort, sortStudents, type Column } from './class-table';

const student = (id: number, name: string, figures: Partial<ClassStudent> = {}): ClassStudent => ({
  id,
  name,
  due_today: 0,
  reviews_7_days: 0,
  accuracy_30_days: null,
  cards_learned: 0,
  last_studied: null,
  ...figures,
});
const rows = [
  student(1, 'Óscar', { due_today: 5, accuracy_30_days: 90, last_studied: '2026-03-01T10:00:00.000Z' }),
  student(2, 'ana', { due_today: 12, accuracy_30_days: 50.4, last_studied: '2026-03-03T10:00:00.000Z' }),
  student(3, 'Bea', { due_today: 5 }),
  student(4, 'Zoe', { due_today: 0, accuracy_30_days: 75 }),
];
const names = (list: ClassStudent[]) => list.map((s) => s.name);

describe('sortStudents', () => {
  it('sorts names as the language reads them, accents and case aside', () => {
    expect(names(sortStudents(rows, { column: 'name', direction: 'ascending' }, 'es'))).toEqual([
      'ana',
      'Bea',
      'Óscar',
      'Zoe',
    ]);
    expect(names(sortStudents(rows, { column: 'name', direction: 'descending' }, 'es'))).toEqual([
      'Zoe',
      'Óscar',
      'Bea',
      'ana',
    ]);
  });

  it('sorts figures either way, ties by name', () => {
    expect(names(sortStudents(rows, { column: 'due_today', direction: 'descending' }, 'en'))).toEqual([
      'ana',
      'Bea',
      'Óscar',
      'Zoe',
    ]);
    expect(names(sortStudents(rows, { column: 'due_today', direction: 'ascending' }, 'en'))).toEqual([
      'Zoe',
      'Bea',
      'Óscar',
      'ana',
    ]);
  });

  it('puts missing figures last in both directions', () => {
    for (const direction of ['ascending', 'descending'] as const) {
      expect(names(sortStudents(rows, { column: 'accuracy_30_days', direction }, 'en')).at(-1)).toBe('Bea');
      expect(names(sortStudents(rows, { column: 'last_studied', direction }, 'en')).slice(2)).toEqual(['Bea', 'Zoe']);
    }
    expect(names(sortStudents(rows, { column: 'last_studied', direction: 'descending' }, 'en'))).toEqual([
      'ana',
      'Óscar',
      'Bea',
      'Zoe',
    ]);
  });

  it('leaves the given list as it was', () => {
    const before = names(rows);
    sortStudents(rows, { column: 'due_today', direction: 'ascending' }, 'en');
    expect(names(rows)).toEqual(before);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts figures high-first, names A–Z', () => {
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({
      column: 'name',
      direction: 'descending',
    });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'due_today')).toEqual({
      column: 'due_today',
      direction: 'descending',
    });
    expect(nextSort({ column: 'due_today', direction: 'descending' }, 'name')).toEqual({
      column: 'name',
      direction: 'ascending',
    });
  });
});

describe('classCsv', () => {
  const headers: Record<Column, string> = {
    name: 'Estudiante',
    due_today: 'Para hoy',
    reviews_7_days: 'Repasos (7 días)',
    accuracy_30_days: 'Acierto (30 días)',
    cards_learned: 'Tarjetas aprendidas',
    last_studied: 'Último estudio',
  };

  it('starts with a byte order mark and the translated headers, then a row per student in the given order', () => {
    const csv = classCsv(rows.slice(0, 3), headers, (iso) => iso.slice(0, 10));
    expect(csv.startsWith('\uFEFFEstudiante,Para hoy,Repasos (7 días)')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1)).data;
    expect(parsed).toEqual([
      Object.values(headers),
      ['Óscar', '5', '0', '90', '0', '2026-03-01'],
      ['ana', '12', '0', '50', '0', '2026-03-03'],
      ['Bea', '5', '0', '', '0', ''],
    ]);
  });

  it('quotes commas and keeps a formula-like name as text', () => {
    const csv = classCsv([student(9, '=1+1, "Max"')], headers, (iso) => iso);
    expect(Papa.parse<string[]>(csv.slice(1)).data[1]![0]).toBe(`'=1+1, "Max"`);
  });
});
