import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PartLoadError } from './load-failure';
import { onDemandStrings } from './on-demand-strings';

describe('on-demand strings', () => {
  it('a download that fails is a part that could not load, and the next ask downloads them afresh', async () => {
    let tries = 0;
    const { strings } = onDemandStrings('offlineTest', {
      '../locales/en/on-demand/offline-test.json': async () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { hello: 'Hello again' };
      },
    });
    // Offline: said as a part that could not load (LoadBoundary shows "Try again"), not an error that ends the page.
    await expect(strings('en')).rejects.toBeInstanceOf(PartLoadError);
    // Back online, "Try again" asks again: a new download, not the failed one kept.
    await strings('en');
    expect(tries).toBe(2);
    expect(i18next.t('offlineTest.hello', { lng: 'en' })).toBe('Hello again');
  });
});
