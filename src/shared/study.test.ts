import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STUDY_DURATION_MAX_SECONDS } from './constants';
import { accuracyPercentage, durationSeconds, shuffle } from './study';

describe('shuffle', () => {
  it('returns a permutation of the input and leaves the input untouched', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer()),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (items, stream) => {
          const copy = items.slice();
          const it = stream[Symbol.iterator]();
          const out = shuffle(items, () => it.next().value as number);
          expect(items).toEqual(copy);
          expect(out).not.toBe(items);
          expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('is a permutation even when the generator returns 1', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (items) => {
        expect(shuffle(items, () => 1).sort()).toEqual(items.slice().sort());
      }),
    );
  });

  it('can produce every order of three items', () => {
    // Enumerate the generator's choices: j at each step covers every index 0..i.
    const seen = new Set<string>();
    for (const a of [0, 0.5, 0.9]) {
      for (const b of [0, 0.75]) {
        const values = [a, b];
        seen.add(shuffle(['x', 'y', 'z'], () => values.shift()!).join(''));
      }
    }
    expect(seen.size).toBe(6);
  });
});

describe('accuracyPercentage', () => {
  it('is mastered / total × 100 and within 0–100', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [mastered, total] = a <= b ? [a, b] : [b, a];
        const value = accuracyPercentage(mastered, total);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
        expect(value).toBe(total === 0 ? 0 : (mastered / total) * 100);
      }),
    );
  });

  it('stays within 0–100 for any numbers at all', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (mastered, total) => {
        const value = accuracyPercentage(mastered, total);
        expect(value >= 0 && value <= 100).toBe(true);
      }),
    );
  });

  it('gives the SPEC examples', () => {
    expect(accuracyPercentage(0, 0)).toBe(0);
    expect(accuracyPercentage(3, 4)).toBe(75);
    expect(accuracyPercentage(5, 5)).toBe(100);
  });
});

describe('durationSeconds', () => {
  it('gives whole seconds between 0 and 24 h', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        (start, delta) => {
          const value = durationSeconds(start, start + delta);
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(STUDY_DURATION_MAX_SECONDS);
        },
      ),
    );
  });

  it('rounds to the nearest second and clamps', () => {
    expect(durationSeconds(1000, 1000)).toBe(0);
    expect(durationSeconds(1000, 62_400)).toBe(61);
    expect(durationSeconds(1000, 1499)).toBe(0);
    expect(durationSeconds(5000, 1000)).toBe(0);
    expect(durationSeconds(0, 3 * 86_400_000)).toBe(STUDY_DURATION_MAX_SECONDS);
    expect(durationSeconds(Number.NaN, 1000)).toBe(0);
  });
});
