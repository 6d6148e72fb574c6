import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { loadCatalogue, setLanguage } from './i18n';

/** Every key path of a nested catalogue, with plural suffixes folded to their base key. */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('translation catalogues', () => {
  it('have the same keys in English and Spanish', async () => {
    const [en, es] = await Promise.all([loadCatalogue('en'), loadCatalogue('es')]);
    const enKeys = [...new Set(keys(en))].sort();
    const esKeys = [...new Set(keys(es))].sort();
    expect(esKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !esKeys.includes(k))).toEqual([]);
  });

  it('have no empty strings', async () => {
    const [en, es] = await Promise.all([loadCatalogue('en'), loadCatalogue('es')]);
    const empty = (o: Record<string, unknown>): boolean =>
      Object.values(o).some((v) =>
        typeof v === 'string' ? v.trim() === '' : v && typeof v === 'object' && empty(v as Record<string, unknown>),
      );
    expect(empty(en)).toBe(false);
    expect(empty(es)).toBe(false);
  });

  it('have the same on-demand files and keys in English and Spanish, none also in the first-view file', () => {
    const files = import.meta.glob<Record<string, unknown>>('../locales/*/{,on-demand/}*.json', {
      import: 'default',
      eager: true,
    });
    const file = (lang: string, path: string) => files[`../locales/${lang}/${path}.json`] ?? {};
    const onDemand = (lang: string) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`../locales/${lang}/on-demand/`))
        .map((f) => /on-demand\/([\w-]+)\.json$/.exec(f)![1]!)
        .sort();
    expect(onDemand('es')).toEqual(onDemand('en'));
    for (const name of onDemand('en')) {
      for (const lang of ['en', 'es']) {
        const later = keys(file(lang, `on-demand/${name}`));
        expect(
          later.filter((k) => keys(file(lang, name)).includes(k)),
          `${lang}/${name}`,
        ).toEqual([]);
      }
      const [en, es] = ['en', 'es'].map((lang) => [...new Set(keys(file(lang, `on-demand/${name}`)))].sort());
      expect(es, name).toEqual(en);
      expect(JSON.stringify([file('en', `on-demand/${name}`), file('es', `on-demand/${name}`)]), name).not.toMatch(
        /:"\s*"/,
      );
    }
  });

  it('switches language, remembers it and sets <html lang>', async () => {
    await setLanguage('es');
    expect(i18next.t('common.actions.cancel')).toBe('Cancelar');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    await setLanguage('en');
    expect(i18next.t('common.actions.cancel')).toBe('Cancel');
    expect(document.documentElement.lang).toBe('en');
  });
});
