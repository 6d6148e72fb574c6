import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSpeechSupported, speak } from './speech';

class FakeUtterance {
  lang = '';
  voice: unknown = null;
  rate = 1;
  onerror: unknown = null;
  constructor(readonly text: string) {}
}

describe('speech', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>).speechSynthesis;
  });

  it('is silently skipped where the browser cannot speak', () => {
    expect(isSpeechSupported()).toBe(false);
    expect(speak('dog', 'en')).toBe(false);
  });

  it('always sets the utterance language: en-US for English, es-ES for Spanish', () => {
    const spoken: FakeUtterance[] = [];
    const synth = { cancel: vi.fn(), speak: vi.fn((u: FakeUtterance) => spoken.push(u)), getVoices: () => [] };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    expect(speak('el perro', 'es')).toBe(true);
    expect(speak(' dog ', 'en')).toBe(true);
    expect(spoken.map((u) => [u.text, u.lang])).toEqual([
      ['el perro', 'es-ES'],
      ['dog', 'en-US'],
    ]);
    expect(synth.cancel).toHaveBeenCalledTimes(2);
    expect(speak('   ', 'en')).toBe(false);
  });

  it('never throws when the browser does', () => {
    const synth = {
      cancel: vi.fn(),
      speak: vi.fn(() => {
        throw new Error('not allowed');
      }),
      getVoices: () => [],
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    expect(speak('dog', 'en')).toBe(false);
  });
});
