import i18next from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@shared/constants';

type Catalogue = Record<string, unknown>;

/**
 * The dialogs' strings stay out of the first view's download (the menu labels are in
 * locales/<lang>/transfer.json; the rest in locales/<lang>/on-demand/transfer.json). A language's
 * file is added under `transfer` when a dialog first renders in it; the Spanish one rides in the
 * Spanish catalogue's chunk (vite.config.ts).
 */
const files = import.meta.glob<Catalogue>('../../locales/*/on-demand/transfer.json', { import: 'default' });
const loading = new Map<string, Promise<unknown>>();

function loadLanguage(lang: string): Promise<unknown> {
  let done = loading.get(lang);
  if (!done) {
    const load = Object.entries(files).find(([file]) => file.includes(`/locales/${lang}/`))?.[1];
    done = load
      ? load().then((data) => i18next.addResourceBundle(lang, 'translation', { transfer: data }, true, false))
      : Promise.resolve();
    loading.set(lang, done);
  }
  return done;
}

const ready = new Map<string, Promise<unknown>>();
/** Loaded for the language and for English (the fallback); the same promise each time, as `use` needs. */
export function dialogStrings(lang: string): Promise<unknown> {
  let done = ready.get(lang);
  if (!done) {
    done = Promise.all([loadLanguage(lang), loadLanguage(DEFAULT_LANGUAGE)]);
    ready.set(lang, done);
  }
  return done;
}

/** Suspends the dialog until its strings in the interface language are there. */
export function useDialogStrings(): void {
  const { i18n } = useTranslation();
  use(dialogStrings(i18n.language));
}
