import { describe, expect, it } from 'vitest';
import { defaultPaper, sheetsOf } from './print-sheets';

const cards = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('sheetsOf', () => {
  it('puts 8 cards on a sheet and mirrors each row of the backs', () => {
    expect(sheetsOf(cards(8))).toEqual([{ fronts: [1, 2, 3, 4, 5, 6, 7, 8], backs: [2, 1, 4, 3, 6, 5, 8, 7] }]);
  });

  it('leaves the last places empty, on the backs at the mirrored place', () => {
    const sheets = sheetsOf(cards(11));
    expect(sheets).toHaveLength(2);
    expect(sheets[1]).toEqual({
      fronts: [9, 10, 11, null, null, null, null, null],
      backs: [10, 9, null, 11, null, null, null, null],
    });
  });

  it('has no sheet for no cards', () => {
    expect(sheetsOf([])).toEqual([]);
  });
});

describe('defaultPaper', () => {
  it('is Letter in the Americas that use it, A4 elsewhere', () => {
    expect(defaultPaper('en-US')).toBe('letter');
    expect(defaultPaper('es-MX')).toBe('letter');
    expect(defaultPaper('en')).toBe('letter');
    expect(defaultPaper('es-ES')).toBe('A4');
    expect(defaultPaper('es')).toBe('A4');
    expect(defaultPaper('en-GB')).toBe('A4');
    expect(defaultPaper('not a locale')).toBe('A4');
  });
});
