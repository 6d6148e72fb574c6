// What the game tests share: speech synthesis that records what it says, and the answers per mode.
import type { Page } from '@playwright/test';
import type { Progress } from '../src/shared/schemas/progress';
import { expect } from './fixtures';

/** Speech synthesis with an English and a Spanish voice that records what it says (before any script runs). */
export async function stubSpeech(page: Page) {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    const voices = [
      ['Samantha', 'en-US'],
      ['Mónica', 'es-ES'],
    ].map(([name, lang]) => ({ name, lang, voiceURI: name, localService: true, default: false }));
    const synth = Object.assign(new EventTarget(), {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null,
      getVoices: () => voices,
      speak: (u: { text: string }) => spoken.push(u.text),
      cancel: () => {},
      pause: () => {},
      resume: () => {},
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      value: class {
        lang = '';
        voice = null;
        rate = 1;
        onerror = null;
        constructor(readonly text: string) {}
      },
    });
    (window as unknown as { __spoken: string[] }).__spoken = spoken;
  });
}
export const lastSpoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.at(-1) ?? '');

export async function modeCounts(page: Page, studentId: number) {
  const res = await page.request.get(`/api/progress/${studentId}`);
  expect(res.status()).toBe(200);
  const modes = ((await res.json()) as Progress).memory_statistics.modes;
  return Object.fromEntries(modes.map((m) => [m.mode, [m.answers, m.correct]]));
}
