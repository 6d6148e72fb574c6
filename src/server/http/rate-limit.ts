/** Fixed-window counter per key, kept in memory (one process). */
export interface RateLimiter {
  /** Counts one attempt; returns seconds to wait when over the limit, else 0. */
  hit(key: string): number;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): void;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const t = now();
      if (t - lastSweep > rule.windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > rule.max ? Math.ceil((w.resetAt - t) / 1000) : 0;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
