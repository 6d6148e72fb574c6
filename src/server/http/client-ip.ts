import type { Context } from 'hono';
import type { Config } from '../config';

/**
 * The address rate limits count by. X-Forwarded-For is believed only with TRUST_PROXY, and then
 * only its last hop (the one our own proxy appended), so a client cannot forge a fresh address.
 */
export function clientIp(c: Context, config: Config): string {
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
