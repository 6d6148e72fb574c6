import { LOGIN_ADDRESS_FACTOR, LOGIN_BACKOFF_MAX_MS, LOGIN_KNOWN_ADDRESS_DAYS } from '@shared/constants';
import type { AppDeps } from '../../context';
import { limitsService } from '../limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Password-guessing limits that a school behind one address, or a stranger, cannot turn against
 * families (OWASP authentication guidance):
 * - only FAILED sign-ins count; a success clears its (account, address) counter;
 * - per (account, address): `rule.max` failures per window, then wait for the window;
 * - per address, across accounts: LOGIN_ADDRESS_FACTOR times that (a class behind one address fits);
 * - per account, from addresses that have not signed in to it before: growing delays (1 s, 2 s … up to
 *   LOGIN_BACKOFF_MAX_MS) after `rule.max` failures instead of a lock-out, so guessing stays slow while
 *   the parent, from an address they signed in from lately, is never held back by others' failures.
 */
export function loginThrottle(deps: AppDeps) {
  const limits = limitsService(deps);
  const rule = deps.rateLimits.login;
  const pair = limits.fixedWindow('login-pair', rule);
  const address = limits.fixedWindow('login-address', {
    max: rule.max * LOGIN_ADDRESS_FACTOR,
    windowMs: rule.windowMs,
  });
  const account = limits.backoff('login-account', {
    free: rule.max,
    windowMs: rule.windowMs,
    maxDelayMs: LOGIN_BACKOFF_MAX_MS,
  });
  const known = limits.memory('login-known', LOGIN_KNOWN_ADDRESS_DAYS * DAY_MS);

  return {
    /**
     * Call before checking the password. Counts the attempt first (so a burst of parallel guesses is
     * limited too) and returns the seconds to wait, 0 when the attempt may go ahead.
     */
    async attempt(email: string, ip: string): Promise<number> {
      const key = `${email}|${ip}`;
      const isKnown = await known.has(key);
      const waits = await Promise.all([pair.wait(key), address.wait(ip), isKnown ? 0 : account.wait(email)]);
      if (Math.max(...waits) > 0) return Math.max(...waits);
      const over = Math.max(await pair.hit(key), await address.hit(ip));
      if (!isKnown) await account.hit(email);
      return over;
    },
    /** A successful sign-in does not count: its attempt is taken back and the address remembered. */
    async succeeded(email: string, ip: string): Promise<void> {
      const key = `${email}|${ip}`;
      await pair.reset(key);
      await address.refund(ip);
      // Only an attempt from an unknown address was counted against the account.
      if (!(await known.has(key))) await account.refund(email);
      await known.remember(key);
    },
  };
}
