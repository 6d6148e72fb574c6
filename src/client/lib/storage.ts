import { THEME_STORAGE_KEY } from '@shared/constants';

/** Every localStorage key the app uses (SPEC §3 local flags), read and written through one module. */
export const STORAGE_KEYS = {
  onboardingCompleted: 'onboardingCompleted',
  productTourCompleted: 'productTourCompleted',
  showProductTour: 'showProductTour',
  studyTourCompleted: 'studyTourCompleted',
  nativeLanguage: 'nativeLanguage',
  theme: THEME_STORAGE_KEY,
  language: 'language',
  currentStudentId: 'currentStudentId',
  /** This device was signed in at its last user check (no secret: the session is a cookie). */
  signedIn: 'signedIn',
  /** Study results not yet acknowledged by the server (retried on the next visit). */
  pendingStudySaves: 'pendingStudySaves',
  /** The outbox of study saves when IndexedDB cannot take them (lib/outbox.ts); the old queue above migrates into it. */
  outbox: 'outbox',
  /** Decks marked "Keep on this device" here (JSON list of deck ids), saved for offline use with the recent ones. */
  offlineDecks: 'offlineDecks',
  /** Each student's streak as last shown on this device (JSON { studentId: days }), to celebrate when it grows. */
  seenStreaks: 'seenStreaks',
  /** The column mapping of the last text import into a deck (JSON list of roles), offered again next time. */
  lastImportMapping: 'lastImportMapping',
  /** The best time of the match game per deck on this device (JSON { deckId or "review": ms }). */
  matchBestTimes: 'matchBestTimes',
  /**
   * The browser's IANA time zone as last read (lib/time-zone.ts): asking the browser costs a phone
   * tens of milliseconds on the first call, so a page's start reads this instead.
   */
  timeZone: 'timeZone',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

/** Reads a key; null when absent or when storage is unavailable (private mode, blocked). */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS[key]);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(STORAGE_KEYS[key]);
    else window.localStorage.setItem(STORAGE_KEYS[key], value);
  } catch {
    /* storage unavailable: the setting lasts for this page only */
  }
}

export const readFlag = (key: StorageKey) => readStorage(key) === 'true';
export const writeFlag = (key: StorageKey, on: boolean) => writeStorage(key, on ? 'true' : null);

/** Clears everything the app stored (account deletion). */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* nothing stored */
  }
}
