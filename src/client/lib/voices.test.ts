import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSpeech, removeSpeech, voice } from '../test/fake-speech';
import { bestVoice, useVoices, voicesFor, VOICES_WAIT_MS } from './voices';

describe('voices', () => {
  afterEach(removeSpeech);

  it('lists a language’s voices best first: preferred region, default, on the device', () => {
    const voices = [
      voice('Online Mexico', 'es-MX', { localService: false }),
      voice('Jorge', 'es-ES', { localService: false }),
      voice('Mónica', 'es-ES'),
      voice('Paulina', 'es-MX'),
      voice('Alex', 'en-US'),
      voice('Spanish (Android)', 'es_US', { default: true }),
      voice('Estonian', 'et-EE'),
    ];
    expect(voicesFor(voices, 'es').map((v) => v.name)).toEqual([
      'Mónica',
      'Jorge',
      'Spanish (Android)',
      'Paulina',
      'Online Mexico',
    ]);
    expect(bestVoice(voices, 'en')?.name).toBe('Alex');
    expect(bestVoice([voice('Estonian', 'et-EE')], 'es')).toBeUndefined();
  });

  it('is loading until the browser lists its voices, then follows changes', () => {
    const speech = installSpeech([]);
    const { result } = renderHook(() => useVoices());
    expect(result.current.status).toBe('loading');
    act(() => speech.setVoices([voice('Mónica', 'es-ES')]));
    expect(result.current).toMatchObject({ status: 'ready', voices: [{ name: 'Mónica' }] });
    act(() => speech.setVoices([]));
    expect(result.current).toEqual({ status: 'ready', voices: [] });
  });

  it('counts a device whose list never fills as having no voices', () => {
    vi.useFakeTimers();
    try {
      installSpeech([]);
      const { result } = renderHook(() => useVoices());
      expect(result.current.status).toBe('loading');
      act(() => vi.advanceTimersByTime(VOICES_WAIT_MS));
      expect(result.current).toEqual({ status: 'ready', voices: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no voices where the browser cannot speak', () => {
    const { result } = renderHook(() => useVoices());
    expect(result.current).toEqual({ status: 'ready', voices: [] });
  });
});
