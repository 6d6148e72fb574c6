import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18next.changeLanguage('en'));
});

/** The module as a fresh page load sees it (the settled moment is kept once per page). */
async function load() {
  vi.resetModules();
  return import('./page-settled');
}

describe('usePrefetchOnceSettled', () => {
  it('fetches nothing before the page has settled, then fetches for the interface language and again when it changes', async () => {
    vi.useFakeTimers();
    const { usePrefetchOnceSettled } = await load();
    const prefetch = vi.fn(async () => undefined);
    renderHook(() => usePrefetchOnceSettled(true, prefetch));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(prefetch).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(prefetch.mock.calls).toEqual([['en']]);
    await act(() => i18next.changeLanguage('es'));
    expect(prefetch.mock.calls).toEqual([['en'], ['es']]);
  });

  it('fetches nothing while not enabled (signed out), and a failed fetch is left for later', async () => {
    vi.useFakeTimers();
    const { usePrefetchOnceSettled } = await load();
    const prefetch = vi.fn(() => Promise.reject(new Error('offline')));
    const { rerender } = renderHook(({ enabled }) => usePrefetchOnceSettled(enabled, prefetch), {
      initialProps: { enabled: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(prefetch).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
