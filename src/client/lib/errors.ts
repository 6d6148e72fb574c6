import i18next from 'i18next';
import type { FieldError } from '@shared/schemas/common';
import { IMAGE_MAX_SIDE } from '@shared/constants';
import { ApiRequestError } from './api-client';

/** "45 seconds", "2 minutes": how long to wait, rounded up to whole minutes past one minute. */
export function waitText(seconds: number): string {
  return seconds < 60
    ? i18next.t('common.time.seconds', { count: seconds })
    : i18next.t('common.time.minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * Text to show for a failed call, in the current language: a translation of the server's
 * error code when we have one, the server's own message otherwise (SPEC §8: "the server's
 * error text if present"), else the feature's fallback.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 0) return i18next.t('common.errors.network');
    if (err.code === 'rate_limited' && err.retryAfter) {
      return i18next.t('common.errors.rate_limited_wait', { time: waitText(err.retryAfter) });
    }
    if (err.code === 'image_dimensions') return i18next.t('common.errors.image_dimensions', { max: IMAGE_MAX_SIDE });
    const key = `common.errors.${err.code}`;
    if (i18next.exists(key)) return i18next.t(key);
    if (err.code !== 'invalid_input' && err.code !== 'http_error') return err.message;
  }
  return fallback;
}

/** Translated message for one server field error (same wording as the client-side form checks). */
export function fieldErrorText(f: FieldError): string {
  const t = i18next.t.bind(i18next);
  if (f.code === 'too_small')
    return f.minimum === 1 ? t('common.validation.required') : t('common.validation.tooShort', { count: f.minimum });
  if (f.code === 'too_big') return t('common.validation.tooLong', { count: f.maximum });
  if (f.code === 'invalid_format') return t('common.validation.email');
  return t('common.validation.invalid');
}

/** Server field errors of a failed call, keyed by field name, for showing next to inputs. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiRequestError)) return {};
  return Object.fromEntries(err.fields.map((f) => [f.field, fieldErrorText(f)]));
}
