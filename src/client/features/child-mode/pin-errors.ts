import i18next from 'i18next';
import { CHILD_PIN_MAX_DIGITS, CHILD_PIN_MIN_DIGITS } from '@shared/constants';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText, waitText } from '@client/lib/errors';

const digits = { min: CHILD_PIN_MIN_DIGITS, max: CHILD_PIN_MAX_DIGITS };
// The shared schema's rule, without bringing zod into the header's code.
const PIN_SHAPE = new RegExp(`^[0-9]{${CHILD_PIN_MIN_DIGITS},${CHILD_PIN_MAX_DIGITS}}$`);

/** The translated problem with a PIN typed in, or undefined when it has the right shape. */
export function pinFormatError(pin: string): string | undefined {
  return PIN_SHAPE.test(pin) ? undefined : i18next.t('child-mode.errors.pinFormat', digits);
}

/** Whether the device was locked for a family its adult has since left: no PIN unlocks it, signing out does. */
export const isFamilyLeft = (err: unknown) => err instanceof ApiRequestError && err.code === 'family_left';

/** A failed PIN call, in words: a wrong PIN, too many tries (with the wait), the family left, or the general text. */
export function pinErrorText(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.code === 'wrong_pin') return i18next.t('child-mode.errors.wrongPin');
    if (err.code === 'pin_required') return i18next.t('child-mode.errors.pinRequired');
    if (err.code === 'family_left') return i18next.t('child-mode.errors.familyLeft');
    if (err.code === 'rate_limited' && err.retryAfter) {
      return i18next.t('child-mode.errors.rateLimited', { time: waitText(err.retryAfter) });
    }
    if (err.code === 'invalid_input') return i18next.t('child-mode.errors.pinFormat', digits);
  }
  return errorText(err, i18next.t('child-mode.errors.failed'));
}

export const PIN_DIGITS = digits;
