import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/constants';
import { readStorage, writeStorage } from './storage';

type Catalogue = Record<string, unknown>;

/**
 * Catalogues live in locales/<lang>/<feature>.json so that features own their strings; each file
 * becomes the top-level key named after it (t('decks.title')). English, the default and the
 * fallback, ships inside the entry so the first paint waits for no download; other languages
 * are downloaded when chosen (one chunk each, see vite.config.ts).
 */
const bundled = import.meta.glob<Catalogue>('../locales/en/*.json', { import: 'default', eager: true });
const onDemand = import.meta.glob<Catalogue>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
});

const fileName = (file: string) => /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);

/** Every catalogue file of one language, merged into one resource object. */
export async function loadCatalogue(lang: Language): Promise<Catalogue> {
  if (lang === DEFAULT_LANGUAGE) {
    return Object.fromEntries(Object.entries(bundled).map(([file, data]) => [fileName(file)![2]!, data]));
  }
  const entries = await Promise.all(
    Object.entries(onDemand)
      .map(([file, load]) => [fileName(file), load] as const)
      .filter(([match]) => match?.[1] === lang)
      .map(async ([match, load]) => [match![2]!, await load()] as const),
  );
  return Object.fromEntries(entries);
}

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The stored language when it is en or es, else English (SPEC §1). */
export function initialLanguage(): Language {
  const stored = readStorage('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

// Each language's strings once, even when asked for twice at start (the stored language and the fallback).
const loading = new Map<Language, Promise<void>>();

/**
 * Adds a language's strings to i18next. `skipCopy`: the catalogue is this module's own object, so
 * i18next's deep copy of it (a JSON round trip of every string, on the first view's critical path:
 * about 230 ms under Lighthouse's 4× CPU slowdown) is not needed.
 */
function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = loadCatalogue(lang).then((catalogue) => {
      if (!i18next.hasResourceBundle(lang, 'translation'))
        i18next.addResourceBundle(lang, 'translation', catalogue, false, false, { silent: false, skipCopy: true });
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};

/** Loads the stored language (and English as the fallback) and starts i18next; await before rendering. */
export async function initI18n(): Promise<typeof i18next> {
  const lng = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([ensureLoaded(lng), ensureLoaded(DEFAULT_LANGUAGE)]);
  await i18next.changeLanguage(lng);
  syncHtmlLang(i18next.language);
  i18next.on('languageChanged', syncHtmlLang);
  return i18next;
}

/** Switches the interface language at once (after loading its strings) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  writeStorage('language', lang);
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
}

export default i18next;
