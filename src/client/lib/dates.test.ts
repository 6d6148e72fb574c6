import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes every month as Intl writes medium dates for en-US and es-ES', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2025, month, day, 12);
        expect(formatDate(date.toISOString(), 'en')).toBe(
          new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date),
        );
        expect(formatDate(date.toISOString(), 'es')).toBe(
          new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' }).format(date),
        );
      }
    }
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
