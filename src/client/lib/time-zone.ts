import { readStorage, writeStorage } from './storage';

/**
 * The browser's IANA time zone, sent as `tz` on the reads that count days (review queue, deck due
 * counts, progress), so that "today" is the family's day and not the server's.
 *
 * The browser's first `Intl.DateTimeFormat` loads its time-zone data: 40–300 ms of main thread on
 * a phone at startup (Lighthouse traces, bench/README.md). So a page starts with the zone this
 * device read at its last visit (also what index.html's early reads send: lib/early-reads.ts), and
 * `checkTimeZone` asks the browser once the page has settled.
 */
let zone: string | undefined;

/** A stored zone as an IANA name looks ("Europe/Madrid", "UTC", "America/Argentina/Buenos_Aires"). */
export const isZoneName = (raw: string | null): raw is string => !!raw && /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(raw);

function askBrowser(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function browserTimeZone(): string {
  if (zone === undefined) {
    const stored = readStorage('timeZone');
    if (isZoneName(stored)) zone = stored;
    else writeStorage('timeZone', (zone = askBrowser()));
  }
  return zone;
}

/**
 * Asks the browser for its zone (the device may have moved since its last visit) and keeps it.
 * True when it differs from the one this page has used: the reads that count days are then stale.
 */
export function checkTimeZone(): boolean {
  const before = zone;
  const now = askBrowser();
  zone = now;
  if (readStorage('timeZone') !== now) writeStorage('timeZone', now);
  return before !== undefined && before !== now;
}

/** `path` with `tz=<the browser's time zone>` added to its query. */
export const withTimeZone = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(browserTimeZone())}`;
