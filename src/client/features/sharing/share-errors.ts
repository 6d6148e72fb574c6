import i18next from 'i18next';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';

const OWN_CODES = new Set(['share_not_found', 'already_added', 'own_deck']);

/** The translated text of a failed sharing call: this feature's codes, then the app's. */
export function shareErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && OWN_CODES.has(err.code)) return i18next.t(`sharing.errors.${err.code}`);
  return errorText(err, fallback);
}
