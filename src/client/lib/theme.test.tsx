import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEMES } from '@shared/constants';
import { resolveTheme, ThemeProvider, useTheme } from './theme';

function Probe() {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme('ocean')}>
      {theme.id}
    </button>
  );
}

describe('themes', () => {
  it('falls back to the default, and to the first theme for an unknown id', () => {
    expect(resolveTheme(null).id).toBe('default');
    expect(resolveTheme('no-such-theme').id).toBe(THEMES[0]!.id);
    expect(resolveTheme('royal').name).toBe('Royal Purple');
  });

  it('applies the stored theme as CSS variables and the body background, and stores a change', () => {
    localStorage.setItem('theme', 'sunset');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    const sunset = THEMES.find((t) => t.id === 'sunset')!;
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(sunset.colors.primary);
    act(() => screen.getByRole('button').click());
    const ocean = THEMES.find((t) => t.id === 'ocean')!;
    expect(localStorage.getItem('theme')).toBe('ocean');
    expect(document.documentElement.style.getPropertyValue('--color-background')).toBe(ocean.colors.background);
    expect(document.body.style.background).not.toBe('');
  });

  it('throws when used outside its provider', () => {
    expect(() => render(<Probe />)).toThrow(/ThemeProvider/);
  });
});
