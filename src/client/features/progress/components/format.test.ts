import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatTime } from './format';

describe('formatTime', () => {
  const t = i18next.getFixedT('en');
  const tEs = i18next.getFixedT('es');

  it('says "less than a minute" rather than "0 min", with the seconds when there are any', () => {
    expect(formatTime(0, 'en', t)).toBe('Less than a minute');
    expect(formatTime(25.9, 'en', t)).toBe('Less than a minute (25 s)');
    expect(formatTime(59, 'es', tEs)).toBe('Menos de un minuto (59 s)');
  });

  it('gives hours and minutes from one minute on', () => {
    expect(formatTime(60, 'en', t)).toBe('1 min');
    expect(formatTime(3780, 'en', t)).toBe('1 hr 3 min');
    expect(formatTime(3780, 'es', tEs)).toBe('1 h 3 min');
  });

  it('counts nonsense as nothing', () => {
    expect(formatTime(-5, 'en', t)).toBe('Less than a minute');
    expect(formatTime(Number.NaN, 'en', t)).toBe('Less than a minute');
  });
});
