import { afterEach, describe, expect, it, vi } from 'vitest';
import { CELEBRATION_TONES, CONFETTI, launchConfetti, playCelebrationTones } from './celebration';

const matchMedia = (reduce: boolean) => vi.fn((q: string) => ({ matches: reduce && q.includes('reduce'), media: q }));

describe('confetti', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('drops 100 pieces, one every 50 ms, each removed 5 s after it appeared', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', matchMedia(false));
    launchConfetti(() => 0.5);
    const layer = () => document.querySelector('[data-confetti]');
    expect(layer()).toHaveAttribute('aria-hidden', 'true');
    vi.advanceTimersByTime(CONFETTI.intervalMs * 10);
    expect(layer()!.children).toHaveLength(10);
    // The 100th piece appears at 5 s, just before the first one (made at 50 ms) is removed.
    vi.advanceTimersByTime(CONFETTI.pieces * CONFETTI.intervalMs - CONFETTI.intervalMs * 10);
    expect(layer()!.children).toHaveLength(100);
    vi.advanceTimersByTime(CONFETTI.intervalMs);
    expect(layer()!.children).toHaveLength(99);
    vi.advanceTimersByTime(CONFETTI.pieces * CONFETTI.intervalMs + CONFETTI.lifetimeMs + 200);
    expect(layer()).toBeNull();
  });

  it('is not shown to people who prefer reduced motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', matchMedia(true));
    launchConfetti();
    vi.advanceTimersByTime(1000);
    expect(document.querySelector('[data-confetti]')).toBeNull();
  });

  it('stops early when asked', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', matchMedia(false));
    const stop = launchConfetti();
    vi.advanceTimersByTime(200);
    stop();
    expect(document.querySelector('[data-confetti]')).toBeNull();
  });
});

describe('celebration tones', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays the four rising notes through Web Audio', () => {
    const frequencies: number[] = [];
    const param = () => ({ setValueAtTime: vi.fn((v: number) => v), exponentialRampToValueAtTime: vi.fn() });
    class FakeContext {
      currentTime = 0;
      destination = {};
      resume = () => Promise.resolve();
      close = () => Promise.resolve();
      createOscillator() {
        const frequency = { setValueAtTime: (v: number) => frequencies.push(v) };
        return { type: '', frequency, connect: (n: unknown) => n, start: vi.fn(), stop: vi.fn() };
      }
      createGain() {
        return { gain: param(), connect: (n: unknown) => n };
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    playCelebrationTones();
    expect(frequencies).toEqual([...CELEBRATION_TONES]);
    expect(CELEBRATION_TONES).toEqual([523.25, 659.25, 783.99, 1046.5]);
  });

  it('is silently skipped without Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => playCelebrationTones()).not.toThrow();
  });
});
