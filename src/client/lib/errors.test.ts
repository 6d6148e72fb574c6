import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE } from '@shared/constants';
import { ApiRequestError } from './api-client';
import { errorText } from './errors';
import { setLanguage } from './i18n';

afterEach(() => setLanguage('en'));

const limited = (seconds: number) => new ApiRequestError('Too many attempts.', 429, 'rate_limited', [], seconds);

describe('errorText', () => {
  it('says how long to wait after too many attempts, in seconds or rounded-up minutes', async () => {
    expect(errorText(limited(1), 'x')).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(errorText(limited(45), 'x')).toBe('Too many attempts. Please wait 45 seconds and try again.');
    expect(errorText(limited(601), 'x')).toBe('Too many attempts. Please wait 11 minutes and try again.');
    await setLanguage('es');
    expect(errorText(limited(45), 'x')).toBe('Demasiados intentos. Espera 45 segundos e inténtalo de nuevo.');
    expect(errorText(limited(60), 'x')).toBe('Demasiados intentos. Espera 1 minuto e inténtalo de nuevo.');
  });

  it('names the formats that work when a HEIC photo is refused, and the side limit for huge pictures', async () => {
    const heic = new ApiRequestError('HEIC photos cannot be read here.', 415, 'unsupported_heic');
    expect(errorText(heic, 'x')).toMatch(/JPEG, PNG, WebP or GIF/);
    const huge = new ApiRequestError('too big', 413, 'image_dimensions');
    expect(errorText(huge, 'x')).toContain(String(IMAGE_MAX_SIDE));
    await setLanguage('es');
    expect(errorText(heic, 'x')).toMatch(/JPEG, PNG, WebP o GIF/);
  });
});
