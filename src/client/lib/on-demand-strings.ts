import i18next from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@shared/constants';
import { markLoadFailure } from './load-failure';

type Catalogue = Record<string, unknown>;

/**
 * Strings of a screen that stay out of the first view's download: `files` is the screen's
 * `import.meta.glob('…/locales/*\/on-demand/<name>.json')`, whose language file is merged under
 * `section` (beside that section's first-view strings) when the screen first renders in it; the
 * Spanish one rides in the Spanish catalogue's chunk (vite.config.ts).
 */
export function onDemandStrings(section: string, files: Record<string, () => Promise<Catalogue>>) {
  const loading = new Map<string, Promise<unknown>>();
  function loadLanguage(lang: string): Promise<unknown> {
    let done = loading.get(lang);
    if (!done) {
      const load = Object.entries(files).find(([file]) => file.includes(`/locales/${lang}/`))?.[1];
      done = load
        ? load().then(
            (data) => i18next.addResourceBundle(lang, 'translation', { [section]: data }, true, false),
            (err: unknown) => {
              // Offline before the strings were first needed: the part says it could not load
              // (LoadBoundary), and its "Try again" downloads them afresh.
              loading.delete(lang);
              ready.clear();
              return markLoadFailure(err);
            },
          )
        : Promise.resolve();
      loading.set(lang, done);
    }
    return done;
  }

  const ready = new Map<string, Promise<unknown>>();
  /**
   * Loaded for the language and for English (the fallback); the same promise each time, as `use`
   * needs. Once loaded it says so the way React reads a settled promise (`status`), so a screen
   * rendering after that never suspends, not even for a moment.
   */
  function strings(lang: string): Promise<unknown> {
    let done = ready.get(lang);
    if (!done) {
      const settled: Promise<void> & { status?: 'fulfilled'; value?: undefined } = Promise.all([
        loadLanguage(lang),
        loadLanguage(DEFAULT_LANGUAGE),
      ]).then(() => {
        settled.status = 'fulfilled';
      });
      done = settled;
      ready.set(lang, done);
    }
    return done;
  }

  /**
   * Suspends the screen until its strings in the interface language are there. `use` is called on
   * every render: a render that skipped it after one that suspended on it made React replay the
   * component with its hooks out of step ("Update hook called on initial render").
   */
  function useStrings(): void {
    const { i18n } = useTranslation();
    use(strings(i18n.language));
  }

  return { strings, useStrings };
}
