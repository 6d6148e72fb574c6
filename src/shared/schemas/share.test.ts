import { describe, expect, it } from 'vitest';
import { formatShareCode, normalizeShareCode } from './share';

describe('normalizeShareCode', () => {
  it('reads a code however it is typed or pasted', () => {
    for (const typed of [
      'ABCDEFGHJKMN',
      'abcd-efgh-jkmn',
      ' ABCD EFGH JKMN ',
      'https://flash.example/shared/ABCDEFGHJKMN',
    ]) {
      expect(normalizeShareCode(typed)).toBe('ABCDEFGHJKMN');
    }
  });

  it('refuses what cannot be a code: wrong length, confusable or foreign characters', () => {
    for (const typed of [
      '',
      'ABCDEFGHJKM',
      'ABCDEFGHJKMNP',
      'ABCDEFGHJKM0',
      'ABCDEFGHJKMI',
      "ABCD'--EFGHJ",
      'ÁBCDEFGHJKMN',
    ]) {
      expect(normalizeShareCode(typed)).toBeNull();
    }
  });

  it('shows a code in groups of four', () => {
    expect(formatShareCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });
});
