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

describe('pageSettled', () => {
  // The browser's reports of finished downloads and long tasks, delivered by the test.
  function observeActivity() {
    const report: (() => void)[] = [];
    class Observer {
      static supportedEntryTypes = ['resource', 'longtask'];
      constructor(callback: () => void) {
        report.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    return () => report.forEach((callback) => callback());
  }

  afterEach(() => vi.unstubAllGlobals());

  it('waits while the first screen is still downloading or rendering, then for two quiet seconds', async () => {
    vi.useFakeTimers();
    const activity = observeActivity();
    const { pageSettled } = await load();
    let settled = false;
    void pageSettled().then(() => (settled = true));
    // The page's own parts arrive in the first and second seconds after the load event.
    await vi.advanceTimersByTimeAsync(1_000);
    activity();
    await vi.advanceTimersByTimeAsync(1_500);
    activity();
    await vi.advanceTimersByTimeAsync(1_400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2_200);
    expect(settled).toBe(true);
  });

  it('starts the background work after twelve seconds however busy the page stays', async () => {
    vi.useFakeTimers();
    const activity = observeActivity();
    const { pageSettled } = await load();
    let settled = false;
    void pageSettled().then(() => (settled = true));
    for (let s = 0; s < 11; s++) {
      await vi.advanceTimersByTimeAsync(1_000);
      activity();
    }
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(settled).toBe(true);
  });
});

describe('usePrefetchOnceSettled', () => {
  it('fetches nothing before the page has settled, then fetches for the interface language and again when it changes', async () => {
    vi.useFakeTimers();
    const { usePrefetchOnceSettled } = await load();
    const prefetch = vi.fn(async () => undefined);
    renderHook(() => usePrefetchOnceSettled(true, prefetch));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(prefetch).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
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
