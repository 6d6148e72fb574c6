import type { Language } from './constants';

/** Unit abbreviations per interface language (hours are "hr" in English, the SI "h" in Spanish). */
const UNITS: Record<Language, { hours: string; minutes: string }> = {
  en: { hours: 'hr', minutes: 'min' },
  es: { hours: 'h', minutes: 'min' },
};

/**
 * Total study time for the progress screen: hours and minutes ("1 hr 5 min" / "1 h 5 min")
 * from one hour on, minutes only below ("59 min", "0 min"). Seconds are dropped, not rounded,
 * so a time never reads longer than it was. The client passes its current language (`en`/`es`);
 * a fixed table keeps the text identical on every browser and Node version, which ICU-based
 * unit formatting does not. Negative or non-finite input counts as 0.
 */
export function formatStudyTime(seconds: number, lang: Language): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const units = UNITS[lang] ?? UNITS.en;
  const min = `${minutes} ${units.minutes}`;
  return hours > 0 ? `${hours} ${units.hours} ${min}` : min;
}
