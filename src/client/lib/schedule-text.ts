import type { TFunction } from 'i18next';
import type { Language } from '@shared/constants';
import { formatDate } from './dates';

/**
 * How long until a card comes back, in the words of the review screens: the short interval on a
 * detailed-grading button ("10 min", "3 days") and when the next cards are due ("tomorrow",
 * "today at 3:45 PM"). Written by hand, as lib/dates.ts explains, so that no Intl formatter is
 * built on the first view.
 */

/** The interface language of an i18next language code. */
export const languageOf = (lng: string): Language => (lng.startsWith('es') ? 'es' : 'en');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A short interval: minutes under an hour, hours under a day, then days, months (from a month) and years (from two). */
export function formatInterval(ms: number, t: TFunction): string {
  if (ms < HOUR) return t('schedule.interval.minutes', { count: Math.max(1, Math.round(ms / MINUTE)) });
  if (ms < DAY) return t('schedule.interval.hours', { count: Math.round(ms / HOUR) });
  const days = Math.round(ms / DAY);
  if (days < 31) return t('schedule.interval.days', { count: days });
  if (days < 730) return t('schedule.interval.months', { count: Math.round(days / 30.44) });
  return t('schedule.interval.years', { count: Math.round(days / 365.25) });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A clock time as each language writes it: "3:45 PM" in English, "15:45" in Spanish. */
export function formatClock(date: Date, lang: Language): string {
  const [h, m] = [date.getHours(), date.getMinutes()];
  if (lang === 'es') return `${h}:${pad(m)}`;
  return `${h % 12 || 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Whole local calendar days from `now` to `then` (0 = the same day). */
function calendarDaysBetween(now: Date, then: Date): number {
  const start = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((start(then) - start(now)) / DAY);
}

/** When something due at `iso` is ready, seen from `now`: "now", "in 10 minutes", "today at 3:45 PM", "tomorrow", "in 3 days", "on Mar 4, 2026". */
export function describeWhen(iso: string, now: Date, lang: Language, t: TFunction): string {
  const then = new Date(iso);
  const ms = +then - +now;
  if (Number.isNaN(ms) || ms <= 0) return t('schedule.when.now');
  if (ms < HOUR) return t('schedule.when.inMinutes', { count: Math.max(1, Math.ceil(ms / MINUTE)) });
  const days = calendarDaysBetween(now, then);
  if (days === 0) return t('schedule.when.todayAt', { time: formatClock(then, lang) });
  if (days === 1) return t('schedule.when.tomorrow');
  if (days < 7) return t('schedule.when.inDays', { count: days });
  return t('schedule.when.on', { date: formatDate(iso, lang) });
}

/** Whether `iso` falls on the same local day as `now`. */
export const isSameLocalDay = (iso: string, now: Date) => calendarDaysBetween(now, new Date(iso)) === 0;
