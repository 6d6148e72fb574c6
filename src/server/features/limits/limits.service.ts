import type { AppDeps } from '../../context';
import type { RateLimitRule } from '../../http/rate-limit';
import { decrementCounter, deleteCounter, deleteEndedCounters, hitCounter, readCounter } from './limits.repository';

/** Seconds, rounded up, from `now` until `at` (at least 1 when positive). */
const secondsUntil = (at: number, now: number) => (at > now ? Math.max(1, Math.ceil((at - now) / 1000)) : 0);

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Counters kept in the database (shared by every app instance on one PostgreSQL). Each limiter has
 * its own key prefix; ended windows are swept now and then.
 */
export function limitsService(deps: Pick<AppDeps, 'db' | 'now' | 'logger'>) {
  const db = deps.db.kysely;
  let lastSweep = 0;
  const now = () => deps.now().getTime();
  const sweep = (t: number) => {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    deleteEndedCounters(db, t).catch((err: unknown) => deps.logger.warn({ err }, 'rate limit sweep failed'));
  };

  return {
    /** A fixed window of `rule.max` attempts; `wait` says how long to wait before the next one may be tried. */
    fixedWindow(name: string, rule: RateLimitRule) {
      const k = (key: string) => `${name}:${key}`;
      return {
        /** Seconds until `key` may try again (0 when it may now); counts nothing. */
        async wait(key: string): Promise<number> {
          const t = now();
          const c = await readCounter(db, k(key), t);
          return c && c.count >= rule.max ? secondsUntil(c.windowEnd, t) : 0;
        },
        /** Counts one attempt; returns seconds to wait when this attempt went over the limit, else 0. */
        async hit(key: string): Promise<number> {
          const t = now();
          sweep(t);
          const c = await hitCounter(db, k(key), rule.windowMs, t);
          return c.count > rule.max ? secondsUntil(c.windowEnd, t) : 0;
        },
        /** Takes back one attempt counted by `hit` (it turned out not to be one that should count). */
        async refund(key: string): Promise<void> {
          await decrementCounter(db, k(key));
        },
        async reset(key: string): Promise<void> {
          await deleteCounter(db, k(key));
        },
      };
    },

    /**
     * Growing delays instead of a lock-out (OWASP): after `free` failures in the window, each next
     * attempt must wait 1 s, 2 s, 4 s … up to `maxDelayMs` after the previous failure.
     */
    backoff(name: string, rule: { free: number; windowMs: number; maxDelayMs: number }) {
      const k = (key: string) => `${name}:${key}`;
      return {
        async wait(key: string): Promise<number> {
          const t = now();
          const c = await readCounter(db, k(key), t);
          if (!c || c.count < rule.free) return 0;
          const delay = Math.min(1000 * 2 ** (c.count - rule.free), rule.maxDelayMs);
          return secondsUntil(c.lastAt + delay, t);
        },
        async hit(key: string): Promise<void> {
          const t = now();
          sweep(t);
          await hitCounter(db, k(key), rule.windowMs, t);
        },
        async refund(key: string): Promise<void> {
          await decrementCounter(db, k(key));
        },
      };
    },

    /** Remembers that something happened for `key` (e.g. an address signed in to an account) for `ttlMs`. */
    memory(name: string, ttlMs: number) {
      const k = (key: string) => `${name}:${key}`;
      return {
        async has(key: string): Promise<boolean> {
          return (await readCounter(db, k(key), now())) !== null;
        },
        async remember(key: string): Promise<void> {
          const t = now();
          await deleteCounter(db, k(key));
          await hitCounter(db, k(key), ttlMs, t);
        },
      };
    },
  };
}
export type LimitsService = ReturnType<typeof limitsService>;
