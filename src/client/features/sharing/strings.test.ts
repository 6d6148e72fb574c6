import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import enFirst from '@client/locales/en/sharing.json';
import esFirst from '@client/locales/es/sharing.json';
import en from '@client/locales/en/on-demand/sharing.json';
import es from '@client/locales/es/on-demand/sharing.json';
import { sharingStrings } from './strings';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}
const values = (obj: Record<string, unknown>): unknown[] =>
  Object.values(obj).flatMap((v) => (v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v]));

describe('the sharing screens’ strings (loaded on demand)', () => {
  it('have the same keys in English and Spanish, none empty, none also in the first-view file', () => {
    expect([...new Set(keys(es))].sort()).toEqual([...new Set(keys(en))].sort());
    expect([...values(en), ...values(es)].every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
    const first = new Set([...keys(enFirst), ...keys(esFirst)]);
    expect(keys(en).filter((k) => first.has(k))).toEqual([]);
  });

  it('are added next to the first-view strings of the same section', async () => {
    await sharingStrings('es');
    expect(i18next.t('sharing.enterCode.open', { lng: 'es' })).toBe('Ver el mazo');
    expect(i18next.t('sharing.enterCode.menu', { lng: 'es' })).toBe('Añadir un mazo compartido');
    expect(i18next.t('sharing.preview.cards', { lng: 'en', count: 1 })).toBe('1 card');
  });
});
