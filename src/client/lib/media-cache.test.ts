import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { keepMedia } from './media-cache';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('keepMedia', () => {
  it('does nothing without a service worker controlling the page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await keepMedia(['/api/images/a']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the worker for each file once, and settles even when some fail', async () => {
    // jsdom has no service workers: a page one controls, as far as keepMedia looks.
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    onTestFinished(() => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    });
    const fetch = vi.fn((url: string) =>
      url.includes('broken') ? Promise.reject(new TypeError('offline')) : Promise.resolve(new Response('x')),
    );
    vi.stubGlobal('fetch', fetch);
    await keepMedia(['/api/images/a', '/api/audio/b', '/api/images/a', '/api/images/broken']);
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/audio/b',
      '/api/images/a',
      '/api/images/broken',
    ]);
  });
});
