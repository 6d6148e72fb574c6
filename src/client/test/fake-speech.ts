import { vi } from 'vitest';

/** A voice as the browser lists it. */
export const voice = (name: string, lang: string, extra: Partial<SpeechSynthesisVoice> = {}) =>
  ({ name, lang, voiceURI: name, localService: true, default: false, ...extra }) as SpeechSynthesisVoice;

export class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  rate = 1;
  onerror: unknown = null;
  constructor(readonly text: string) {}
}

/**
 * Stands in for the browser's speechSynthesis (the browser-API boundary): lists `voices` (an empty
 * list, as Chrome has before `voiceschanged`, until `setVoices`) and records what it is asked to say.
 */
export function installSpeech(voices: SpeechSynthesisVoice[] = []) {
  let list = voices;
  const spoken: FakeUtterance[] = [];
  const synth = Object.assign(new EventTarget(), {
    getVoices: () => list,
    speak: vi.fn((u: FakeUtterance) => void spoken.push(u)),
    cancel: vi.fn(),
    onvoiceschanged: null,
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return {
    synth,
    spoken,
    /** What was said, as [text, lang, voice name]. */
    said: () => spoken.map((u) => [u.text, u.lang, u.voice?.name]),
    /** The browser has (re)loaded its voices. */
    setVoices(next: SpeechSynthesisVoice[]) {
      list = next;
      synth.dispatchEvent(new Event('voiceschanged'));
    },
  };
}

/** A browser without speech synthesis. */
export function removeSpeech() {
  delete (window as unknown as Record<string, unknown>).speechSynthesis;
  vi.unstubAllGlobals();
}
