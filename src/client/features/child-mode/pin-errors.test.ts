import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@client/lib/api-client';
import { setLanguage } from '@client/lib/i18n';
import { isFamilyLeft, pinErrorText, pinFormatError } from './pin-errors';
import { childModeStrings } from './strings';

// The messages are on-demand strings: the screens showing them load them first.
beforeAll(() => childModeStrings('es'));
afterEach(() => setLanguage('en'));

const refused = (status: number, code: string, retryAfter?: number) =>
  new ApiRequestError('server text', status, code, [], retryAfter);

describe('PIN messages', () => {
  it('asks for 4 to 8 digits, and accepts them', () => {
    for (const pin of ['', '123', '123456789', 'abcd', '12 34', '١٢٣٤']) {
      expect(pinFormatError(pin)).toBe('Use 4 to 8 digits.');
    }
    expect(pinFormatError('2468')).toBeUndefined();
    expect(pinFormatError('12345678')).toBeUndefined();
  });

  it('says a wrong PIN and how long to wait after too many, in English and Spanish', async () => {
    expect(pinErrorText(refused(403, 'wrong_pin'))).toBe('That PIN is not right.');
    expect(pinErrorText(refused(429, 'rate_limited', 45))).toBe(
      'Too many tries. Please wait 45 seconds and try again.',
    );
    expect(pinErrorText(refused(409, 'pin_required'))).toBe('Set a parent PIN first.');
    await setLanguage('es');
    expect(pinErrorText(refused(403, 'wrong_pin'))).toBe('Ese PIN no es correcto.');
    expect(pinErrorText(refused(429, 'rate_limited', 120))).toBe(
      'Demasiados intentos. Espera 2 minutos y vuelve a intentarlo.',
    );
    expect(pinFormatError('12')).toBe('Usa de 4 a 8 dígitos.');
  });

  it('tells the adult of a family they left to sign out, in English and Spanish', async () => {
    const left = refused(409, 'family_left');
    expect(isFamilyLeft(left)).toBe(true);
    expect(isFamilyLeft(refused(403, 'wrong_pin'))).toBe(false);
    expect(pinErrorText(left)).toBe(
      'This device was locked for a family you are no longer in, so its PIN cannot unlock it here. Sign out, then sign in again with your own account.',
    );
    await setLanguage('es');
    expect(pinErrorText(left)).toMatch(/^Este dispositivo se bloqueó para una familia de la que ya no formas parte/);
  });
});
