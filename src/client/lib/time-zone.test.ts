import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDevice } from './early-reads';
import { STORAGE_KEYS } from './storage';

/** The browser's real zone, read before any spy is set. */
const actual = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A zone the test machine is not in. */
const elsewhere = actual === 'Pacific/Chatham' ? 'America/Bogota' : 'Pacific/Chatham';

/** lib/time-zone.ts as a page starts: nothing read yet. */
const freshModule = async () => {
  vi.resetModules();
  return import('./time-zone');
};

let asked: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  asked = vi.spyOn(Intl, 'DateTimeFormat');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the time zone sent with the reads that count days', () => {
  it('starts with the zone the device kept at its last visit, without asking the browser', async () => {
    localStorage.setItem(STORAGE_KEYS.timeZone, 'America/Argentina/Buenos_Aires');
    const { browserTimeZone, withTimeZone } = await freshModule();
    expect(browserTimeZone()).toBe('America/Argentina/Buenos_Aires');
    expect(withTimeZone('/api/decks?student_id=7')).toBe(
      '/api/decks?student_id=7&tz=America%2FArgentina%2FBuenos_Aires',
    );
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks the browser once on a first visit (or over a stored value that is no zone), and keeps the answer', async () => {
    localStorage.setItem(STORAGE_KEYS.timeZone, '<script>');
    const { browserTimeZone } = await freshModule();
    expect(browserTimeZone()).toBe(actual);
    expect(browserTimeZone()).toBe(actual);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.timeZone)).toBe(actual);
  });

  it('finds, once the page has settled, that the device has moved since its last visit', async () => {
    localStorage.setItem(STORAGE_KEYS.timeZone, elsewhere);
    const { browserTimeZone, checkTimeZone } = await freshModule();
    expect(browserTimeZone()).toBe(elsewhere);
    expect(checkTimeZone()).toBe(true);
    expect(browserTimeZone()).toBe(actual);
    expect(localStorage.getItem(STORAGE_KEYS.timeZone)).toBe(actual);
    // Unchanged since: nothing to read again.
    expect(checkTimeZone()).toBe(false);
  });
});

describe("index.html's early reads", () => {
  it('send the zone the app will send, without asking the browser when the device kept one', () => {
    localStorage.setItem(STORAGE_KEYS.signedIn, 'true');
    localStorage.setItem(STORAGE_KEYS.currentStudentId, '7');
    localStorage.setItem(STORAGE_KEYS.timeZone, elsewhere);
    expect(readDevice()).toEqual({ signedIn: true, studentId: 7, timeZone: elsewhere });
    expect(asked).not.toHaveBeenCalled();
  });

  it('ask the browser for a signed-in device that kept none, and never for a visitor', () => {
    expect(readDevice().signedIn).toBe(false);
    expect(asked).not.toHaveBeenCalled();
    localStorage.setItem(STORAGE_KEYS.signedIn, 'true');
    expect(readDevice().timeZone).toBe(actual);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
