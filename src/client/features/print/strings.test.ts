import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enFirst from '@client/locales/en/print.json';
import esFirst from '@client/locales/es/print.json';
import en from '@client/locales/en/on-demand/print.json';
import es from '@client/locales/es/on-demand/print.json';
import { printStrings } from './strings';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const values = (obj: Record<string, unknown>): unknown[] =>
  Object.values(obj).flatMap((v) => (v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v]));

describe('the print page’s strings (loaded on demand)', () => {
  it('have the same keys in English and Spanish, none empty, none also in the first-view file', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect([...values(en), ...values(es)].every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
    const first = new Set([...keys(enFirst), ...keys(esFirst)]);
    expect(keys(en).filter((k) => first.has(k))).toEqual([]);
  });
});

describe('printStrings', () => {
  it('adds the strings next to the menu label', async () => {
    await printStrings('es');
    expect(i18next.t('print.print', { lng: 'es' })).toBe('Imprimir');
    expect(i18next.t('print.menu', { lng: 'es' })).toBe('Imprimir tarjetas');
    expect(i18next.t('print.paper.letter', { lng: 'en' })).toBe('Letter');
  });
});
