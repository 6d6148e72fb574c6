import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/constants';
import { readStorage, writeStorage } from './storage';

type Catalogue = Record<string, unknown>;

/**
 * Catalogues live in locales/<lang>/<feature>.json so that features own their strings;
 * each file becomes the top-level key named after it (t('decks.title')).
 */
const files = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Language, Catalogue> {
  const resources = { en: {}, es: {} } as Record<Language, Catalogue>;
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, feature] = match as unknown as [string, Language, string];
    if (resources[lang]) resources[lang][feature] = content;
  }
  return resources;
}

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The stored language when it is en or es, else English (SPEC §1). */
export function initialLanguage(): Language {
  const stored = readStorage('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const resources = buildResources();

void i18next.use(initReactI18next).init({
  resources: { en: { translation: resources.en }, es: { translation: resources.es } },
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
syncHtmlLang(i18next.language);
i18next.on('languageChanged', syncHtmlLang);

/** Switches the interface language at once and remembers it. */
export function setLanguage(lang: Language): void {
  writeStorage('language', lang);
  void i18next.changeLanguage(lang);
}

/** zod messages in the current language, so shared schemas give translated form errors. */
z.config({
  customError: (issue) => {
    const t = i18next.t.bind(i18next);
    const min = 'minimum' in issue ? Number(issue.minimum) : undefined;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    const isString = 'origin' in issue && issue.origin === 'string';
    if (issue.code === 'too_small') {
      return isString && min === 1 ? t('common.validation.required') : t(isString ? 'common.validation.tooShort' : 'common.validation.tooSmall', { count: min, min });
    }
    if (issue.code === 'too_big') return t(isString ? 'common.validation.tooLong' : 'common.validation.tooBig', { count: max, max });
    if (issue.code === 'invalid_format' && 'format' in issue && issue.format === 'email') return t('common.validation.email');
    if (issue.code === 'invalid_type' && issue.input === undefined) return t('common.validation.required');
    if (issue.code === 'invalid_type' && 'expected' in issue && (issue.expected === 'number' || issue.expected === 'int')) return t('common.validation.number');
    if (issue.code === 'invalid_type' && 'expected' in issue && issue.expected === 'int') return t('common.validation.integer');
    return t('common.validation.invalid');
  },
});

export default i18next;
