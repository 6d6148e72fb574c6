import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enFirst from '@client/locales/en/class.json';
import esFirst from '@client/locales/es/class.json';
import en from '@client/locales/en/on-demand/class.json';
import es from '@client/locales/es/on-demand/class.json';
import { classStrings } from './strings';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const values = (obj: Record<string, unknown>): unknown[] =>
  Object.values(obj).flatMap((v) => (v && typeof v === 'object' ? values(v as Record<string, unknown>) : [v]));

describe('the "All students" strings (loaded on demand)', () => {
  it('have the same keys in English and Spanish, none empty, none also in the first-view file', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect([...values(en), ...values(es)].every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true);
    const first = new Set([...keys(enFirst), ...keys(esFirst)]);
    expect(keys(en).filter((k) => first.has(k))).toEqual([]);
  });
});

describe('classStrings', () => {
  it('adds the strings next to the first-view ones of the same section', async () => {
    await classStrings('es');
    expect(i18next.t('class.heading', { lng: 'es' })).toBe('Todos los estudiantes');
    expect(i18next.t('class.views.student', { lng: 'es' })).toBe('Un estudiante');
    expect(i18next.t('class.download', { lng: 'en' })).toBe('Download CSV');
  });
});
