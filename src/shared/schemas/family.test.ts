import { describe, expect, it } from 'vitest';
import { formatInviteCode, normalizeInviteCode } from './family';

describe('invite codes', () => {
  it('are read in any case, with or without the dash or spaces', () => {
    for (const typed of ['ABCD-EFGH', 'abcd-efgh', 'abcdefgh', ' abcd efgh ', 'AbCd-EfGh']) {
      expect(normalizeInviteCode(typed)).toBe('ABCDEFGH');
    }
  });

  it('refuse what no invite could be: wrong length, or a letter left out for looking like another', () => {
    for (const typed of [
      'ABCD-EFG',
      'ABCD-EFGHJ',
      'ABCD-EFG0',
      'ABCD-EFGO',
      'ABCD-EFG1',
      'ABCD-EFGI',
      'ABCD/EFGH',
      '',
    ]) {
      expect(normalizeInviteCode(typed)).toBeNull();
    }
  });

  it('are shown in two groups of four', () => {
    expect(formatInviteCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });
});
