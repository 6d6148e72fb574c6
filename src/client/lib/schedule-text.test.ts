import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeWhen, formatClock, formatInterval, isSameLocalDay } from './schedule-text';

const en = i18next.getFixedT('en');
const es = i18next.getFixedT('es');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('formatInterval (detailed grading buttons)', () => {
  it('says minutes, hours, days, months and years as short as a button needs', () => {
    expect(formatInterval(20_000, en)).toBe('1 min');
    expect(formatInterval(10 * MIN, en)).toBe('10 min');
    expect(formatInterval(5 * 60 * MIN, en)).toBe('5 hours');
    expect(formatInterval(DAY, en)).toBe('1 day');
    expect(formatInterval(3.4 * DAY, en)).toBe('3 days');
    expect(formatInterval(45 * DAY, en)).toBe('1 month');
    expect(formatInterval(400 * DAY, en)).toBe('13 months');
    expect(formatInterval(1000 * DAY, en)).toBe('3 years');
    expect(formatInterval(DAY, es)).toBe('1 día');
    expect(formatInterval(3 * DAY, es)).toBe('3 días');
    expect(formatInterval(90 * DAY, es)).toBe('3 meses');
  });
});

describe('describeWhen (when the next cards are ready)', () => {
  const now = new Date(2026, 2, 4, 9, 30); // 9:30 local time
  const at = (ms: number) => new Date(+now + ms).toISOString();

  it('counts minutes within the hour, gives the time later today, then days', () => {
    expect(describeWhen(at(-MIN), now, 'en', en)).toBe('now');
    expect(describeWhen(at(30_000), now, 'en', en)).toBe('in 1 minute');
    expect(describeWhen(at(10 * MIN), now, 'en', en)).toBe('in 10 minutes');
    expect(describeWhen(at(6 * 60 * MIN), now, 'en', en)).toBe('today at 3:30 PM');
    expect(describeWhen(at(6 * 60 * MIN), now, 'es', es)).toBe('hoy a las 15:30');
    expect(describeWhen(new Date(2026, 2, 5, 0, 0).toISOString(), now, 'en', en)).toBe('tomorrow');
    expect(describeWhen(new Date(2026, 2, 7, 8, 0).toISOString(), now, 'es', es)).toBe('dentro de 3 días');
    expect(describeWhen(new Date(2026, 2, 20, 8, 0).toISOString(), now, 'en', en)).toBe('on Mar 20, 2026');
    expect(describeWhen(new Date(2026, 2, 20, 8, 0).toISOString(), now, 'es', es)).toBe('el 20 mar 2026');
  });

  it('writes clock times as each language does', () => {
    expect(formatClock(new Date(2026, 0, 1, 0, 5), 'en')).toBe('12:05 AM');
    expect(formatClock(new Date(2026, 0, 1, 12, 0), 'en')).toBe('12:00 PM');
    expect(formatClock(new Date(2026, 0, 1, 0, 5), 'es')).toBe('0:05');
  });

  it('tells whether a time is later on the same local day', () => {
    expect(isSameLocalDay(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe(true);
    expect(isSameLocalDay(new Date(2026, 2, 5, 0, 0).toISOString(), now)).toBe(false);
  });
});
