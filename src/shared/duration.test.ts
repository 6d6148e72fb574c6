import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStudyTime } from './duration';

describe('formatStudyTime', () => {
  it.each([
    [0, '0 min', '0 min'],
    [59, '0 min', '0 min'],
    [60, '1 min', '1 min'],
    [3599, '59 min', '59 min'],
    [3600, '1 hr 0 min', '1 h 0 min'],
    [3660, '1 hr 1 min', '1 h 1 min'],
    [90_000, '25 hr 0 min', '25 h 0 min'],
  ])('%i seconds read "%s" in English and "%s" in Spanish', (seconds, en, es) => {
    expect(formatStudyTime(seconds, 'en')).toBe(en);
    expect(formatStudyTime(seconds, 'es')).toBe(es);
  });

  it('treats negative and non-finite input as 0', () => {
    expect(formatStudyTime(-5, 'en')).toBe('0 min');
    expect(formatStudyTime(Number.NaN, 'es')).toBe('0 min');
  });

  it('never loses or invents time: hours × 60 + minutes is the whole minutes', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.constantFrom('en' as const, 'es' as const), (seconds, lang) => {
        const numbers = formatStudyTime(seconds, lang).match(/\d+/g)!.map(Number);
        const minutes = numbers.length === 2 ? numbers[0]! * 60 + numbers[1]! : numbers[0]!;
        expect(minutes).toBe(Math.floor(seconds / 60));
        expect(numbers.at(-1)).toBeLessThan(60);
        expect(numbers.length === 2).toBe(seconds >= 3600);
      }),
    );
  });
});
