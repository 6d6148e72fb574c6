import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSpeech, removeSpeech, voice } from '../test/fake-speech';
import { isSpeechSupported, speak, splitForSpeech, SPEECH_CHUNK_MAX, stopSpeaking } from './speech';

const VOICES = [
  voice('Paulina', 'es-MX'),
  voice('Samantha', 'en-US'),
  voice('Monica', 'es_ES'),
  voice('Daniel', 'en-GB', { default: true }),
];

describe('speech', () => {
  afterEach(removeSpeech);

  it('is silently skipped where the browser cannot speak', async () => {
    expect(isSpeechSupported()).toBe(false);
    expect(await speak('dog', 'en')).toBe(false);
  });

  it('speaks with the best voice of the language: es-ES then any es-*, en-US then any en-*', async () => {
    const speech = installSpeech(VOICES);
    expect(await speak('el perro', 'es')).toBe(true);
    expect(await speak(' dog ', 'en')).toBe(true);
    expect(speech.said()).toEqual([
      ['el perro', 'es-ES', 'Monica'],
      ['dog', 'en-US', 'Samantha'],
    ]);
    expect(speech.synth.cancel).toHaveBeenCalledTimes(2);
    expect(await speak('   ', 'en')).toBe(false);
  });

  it('takes another region of the language when the preferred one is missing', async () => {
    const speech = installSpeech([voice('Paulina', 'es-MX'), voice('Daniel', 'en-GB')]);
    await speak('gato', 'es');
    await speak('cat', 'en');
    expect(speech.said()).toEqual([
      ['gato', 'es-MX', 'Paulina'],
      ['cat', 'en-GB', 'Daniel'],
    ]);
  });

  it('says nothing, rather than read Spanish with an English voice, when the language has no voice', async () => {
    const speech = installSpeech([voice('Samantha', 'en-US')]);
    expect(await speak('el perro', 'es')).toBe(false);
    expect(speech.spoken).toEqual([]);
  });

  it('waits for the voice list when the browser loads it late', async () => {
    const speech = installSpeech([]);
    const spoken = speak('el perro', 'es');
    expect(speech.spoken).toEqual([]);
    speech.setVoices(VOICES);
    expect(await spoken).toBe(true);
    expect(speech.said()).toEqual([['el perro', 'es-ES', 'Monica']]);
  });

  it('gives up on a list that never fills, and a stop while waiting cancels the words', async () => {
    vi.useFakeTimers();
    try {
      const speech = installSpeech([]);
      const first = speak('dog', 'en');
      stopSpeaking();
      await vi.runAllTimersAsync();
      expect(await first).toBe(false);
      expect(await speak('dog', 'en')).toBe(false);
      expect(speech.spoken).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads long text as several utterances, each short enough for Chrome', async () => {
    const speech = installSpeech(VOICES);
    const long = `${'Uno dos tres cuatro cinco seis siete ocho nueve diez. '.repeat(8)}Fin.`;
    await speak(long, 'es');
    expect(speech.spoken.length).toBeGreaterThan(1);
    expect(speech.spoken.every((u) => u.text.length <= SPEECH_CHUNK_MAX && u.lang === 'es-ES')).toBe(true);
    expect(speech.spoken.map((u) => u.text).join(' ')).toBe(long.trim());
  });

  it('never throws when the browser does', async () => {
    const speech = installSpeech(VOICES);
    speech.synth.speak.mockImplementation(() => {
      throw new Error('not allowed');
    });
    expect(await speak('dog', 'en')).toBe(false);
  });
});

describe('splitForSpeech', () => {
  it('keeps short text whole and cuts long text at sentences, then commas, then words', () => {
    expect(splitForSpeech('  el perro  ')).toEqual(['el perro']);
    expect(splitForSpeech('One. Two! Three?', 10)).toEqual(['One. Two!', 'Three?']);
    expect(splitForSpeech('alpha beta, gamma delta epsilon', 12)).toEqual(['alpha beta,', 'gamma delta', 'epsilon']);
    expect(splitForSpeech('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(splitForSpeech('')).toEqual([]);
  });
});
