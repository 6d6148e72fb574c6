import { describe, expect, it } from 'vitest';
import { calendarCells, dayOfMonth, formatDay, weekdayName, weekdayOf } from './chart-days';

const days = (first: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const [y, m, d] = first.split('-').map(Number) as [number, number, number];
    return { date: new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10) };
  });

describe('chart days', () => {
  it('names weekdays and dates in both languages, whatever the time zone', () => {
    expect(weekdayOf('2026-03-01')).toBe(0);
    expect(weekdayName('2026-03-02', 'en')).toBe('Mon');
    expect(weekdayName('2026-03-04', 'es')).toBe('mié');
    expect(dayOfMonth('2026-03-04')).toBe(4);
    expect(formatDay('2026-03-04', 'en')).toBe('Wed, Mar 4, 2026');
    expect(formatDay('2026-03-04', 'es')).toBe('mié, 4 mar 2026');
  });

  it('lays 84 days out in weeks from the language week start', () => {
    // 2026-03-01 is a Sunday: column 0 row 0 on an English calendar, row 6 on a Spanish one.
    const en = calendarCells(days('2026-03-01', 84), 'en');
    expect(en.columns).toBe(12);
    expect(en.cells[0]).toMatchObject({ column: 0, row: 0 });
    expect(en.cells[83]).toMatchObject({ column: 11, row: 6 });
    expect(en.rowNames[0]).toBe('Sun');

    const es = calendarCells(days('2026-03-01', 84), 'es');
    expect(es.columns).toBe(13);
    expect(es.cells[0]).toMatchObject({ column: 0, row: 6 });
    expect(es.cells[1]).toMatchObject({ column: 1, row: 0 });
    expect(es.rowNames[0]).toBe('lun');
  });

  it('has no cells for no days', () => {
    expect(calendarCells([], 'en')).toMatchObject({ cells: [], columns: 0 });
  });
});
