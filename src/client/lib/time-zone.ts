/**
 * The browser's IANA time zone, sent as `tz` on the reads that count days (review queue, deck due
 * counts, progress), so that "today" is the family's day and not the server's.
 */
let zone: string | undefined;

export function browserTimeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}

/** `path` with `tz=<the browser's time zone>` added to its query. */
export const withTimeZone = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(browserTimeZone())}`;
