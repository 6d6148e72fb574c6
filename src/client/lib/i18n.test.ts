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
