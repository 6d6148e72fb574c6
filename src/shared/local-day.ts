import { TZDateMini } from '@date-fns/tz';

/**
 * Calendar days in a student's time zone (IANA names, as the browser reports them). Dates are
 * 'YYYY-MM-DD' strings: once a day is named, counting days is plain calendar arithmetic.
 */

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const known = new Map<string, boolean>();

/** Whether `name` is an IANA time zone this runtime knows ("Europe/Madrid", "UTC"); offsets like "+01:00" are not. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(name, ok);
  }
  return ok;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date of an instant in `tz`. */
export function localDate(instant: number | Date, tz: string): string {
  const d = new TZDateMini(+instant, tz);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// Day starts never change (for the runtime's zone data) and a server asks for the same few hundred
// again and again (a progress read needs 100), while each costs tens of µs: kept, up to a bound.
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 50_000;

/** The instant (ms) a local date starts in `tz`; the first existing minute when midnight is skipped by DST. */
export function startOfLocalDay(date: string, tz: string): number {
  const key = `${tz} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    start = +new TZDateMini(y, m - 1, d, tz);
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** The date `days` calendar days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The UTC quarter hour an instant falls in ('YYYY-MM-DDTHH:MM', minutes 00/15/30/45). Every time
 * zone's offset is a whole number of quarter hours, so a slot lies within one local day in all of
 * them: activity counted per slot can be summed into any zone's days.
 */
export function quarterHour(instant: number | Date): string {
  const iso = new Date(+instant).toISOString();
  return `${iso.slice(0, 14)}${pad(Math.floor(Number(iso.slice(14, 16)) / 15) * 15)}`;
}
