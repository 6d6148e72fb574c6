import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import enFirst from '@client/locales/en/transfer.json';
import esFirst from '@client/locales/es/transfer.json';
import en from '@client/locales/en/on-demand/transfer.json';
import es from '@client/locales/es/on-demand/transfer.json';
import { dialogStrings } from './strings';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}
const values = (obj: Record<string, unknown>): unknown[] =>
  Object.values(obj).flatMap((v) => (v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v]));

describe('the transfer dialogs’ strings (loaded on demand)', () => {
  it('have the same keys in English and Spanish, none empty, none also in the first-view file', () => {
    expect([...new Set(keys(es))].sort()).toEqual([...new Set(keys(en))].sort());
    expect([...values(en), ...values(es)].every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
    const first = new Set([...keys(enFirst), ...keys(esFirst)]);
    expect(keys(en).filter((k) => first.has(k))).toEqual([]);
  });

  it('are added to the loaded languages next to the first-view strings', async () => {
    await dialogStrings('es');
    expect(i18next.t('transfer.cards.preview', { lng: 'es' })).toBe('Vista previa');
    expect(i18next.t('transfer.cards.open', { lng: 'es' })).toBe('Importar tarjetas');
    expect(i18next.t('transfer.cards.preview', { lng: 'en' })).toBe('Preview');
    expect(i18next.t('transfer.cards.ready', { lng: 'en', count: 5000 })).toBe('5,000 cards ready to import.');
    expect(i18next.t('transfer.cards.ready', { lng: 'es', count: 12000 })).toBe(
      '12.000 tarjetas listas para importar.',
    );
  });
});
