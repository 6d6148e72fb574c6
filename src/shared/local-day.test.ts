import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDate, quarterHour, startOfLocalDay } from './local-day';

describe('isTimeZone', () => {
  it('accepts IANA names the runtime knows, including legacy aliases browsers report', () => {
    for (const tz of ['UTC', 'Europe/Madrid', 'America/Argentina/Buenos_Aires', 'Asia/Calcutta', 'Etc/GMT+5']) {
      expect(isTimeZone(tz)).toBe(true);
    }
  });

  it('refuses offsets, unknown names and anything else', () => {
    for (const tz of [
      '',
      '+01:00',
      'GMT+1:00',
      'Mars/Olympus',
      'Europe/Madrid; drop',
      '../etc/passwd',
      'x'.repeat(65),
    ]) {
      expect(isTimeZone(tz)).toBe(false);
    }
  });
});

describe('local days', () => {
  it('names the day of an instant in the zone', () => {
    const lateEvening = Date.parse('2025-01-15T22:30:00.000Z');
    expect(localDate(lateEvening, 'Europe/Madrid')).toBe('2025-01-15');
    expect(localDate(lateEvening, 'Asia/Tokyo')).toBe('2025-01-16');
    expect(localDate(lateEvening, 'America/Los_Angeles')).toBe('2025-01-15');
  });

  it('starts a day at local midnight, across daylight saving changes', () => {
    expect(new Date(startOfLocalDay('2025-01-16', 'Europe/Madrid')).toISOString()).toBe('2025-01-15T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2025-07-16', 'Europe/Madrid')).toISOString()).toBe('2025-07-15T22:00:00.000Z');
    expect(new Date(startOfLocalDay('2025-01-01', 'Asia/Kathmandu')).toISOString()).toBe('2024-12-31T18:15:00.000Z');
    // Santiago skips midnight when summer time starts: the day starts at 01:00.
    expect(new Date(startOfLocalDay('2022-09-11', 'America/Santiago')).toISOString()).toBe('2022-09-11T04:00:00.000Z');
    // Days are 23 and 25 hours long around the changes.
    const hours = (day: string) =>
      (startOfLocalDay(addDays(day, 1), 'Europe/Madrid') - startOfLocalDay(day, 'Europe/Madrid')) / 3_600_000;
    expect([hours('2025-03-30'), hours('2025-10-26'), hours('2025-06-01')]).toEqual([23, 25, 24]);
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2025-01-15', -83)).toBe('2024-10-24');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('puts an instant in its UTC quarter hour', () => {
    expect(quarterHour(Date.parse('2025-01-15T09:00:00.000Z'))).toBe('2025-01-15T09:00');
    expect(quarterHour(Date.parse('2025-01-15T09:14:59.999Z'))).toBe('2025-01-15T09:00');
    expect(quarterHour(Date.parse('2025-01-15T09:45:00.000Z'))).toBe('2025-01-15T09:45');
  });
});
