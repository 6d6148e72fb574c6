import { afterEach, describe, expect, it } from 'vitest';
import { THEMES } from '@shared/constants';
import { themeBootSource } from '../../../scripts/theme-boot-plugin';

/** The script index.html runs before the first paint (scripts/theme-boot-plugin.ts). */
function runBootScript() {
  new Function(themeBootSource())();
}

const variable = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('the theme boot script', () => {
  afterEach(() => document.documentElement.removeAttribute('style'));

  it('sets the stored theme’s colours on :root and the browser colour', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    localStorage.setItem('theme', 'royal');
    runBootScript();
    const royal = THEMES.find((t) => t.id === 'royal')!;
    for (const [name, value] of Object.entries(royal.colors)) expect(variable(`--color-${name}`)).toBe(value);
    expect(meta.content).toBe(royal.colors.primary);
    meta.remove();
  });

  it('falls back to Classic for no theme or an unknown one', () => {
    runBootScript();
    expect(variable('--color-primary')).toBe(THEMES[0]!.colors.primary);
    localStorage.setItem('theme', 'no-such-theme');
    runBootScript();
    expect(variable('--color-primary')).toBe(THEMES[0]!.colors.primary);
  });
});
