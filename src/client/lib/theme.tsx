import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_THEME_ID, THEMES, type Theme } from '@shared/constants';
import { readStorage, writeStorage } from './storage';

/** The stored theme, the default when nothing is stored, the first theme when the id is unknown. */
export function resolveTheme(id: string | null): Theme {
  return THEMES.find((t) => t.id === (id ?? DEFAULT_THEME_ID)) ?? THEMES[0]!;
}

/** Sets the theme's colours as page-wide CSS variables (--color-*) and the body background. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(theme.colors)) root.style.setProperty(`--color-${name}`, value);
  document.body.style.background = theme.colors.background;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.colors.primary);
}

interface ThemeContextValue {
  theme: Theme;
  themes: readonly Theme[];
  setTheme: (id: string) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState(() => resolveTheme(readStorage('theme')));
  // Before paint: a theme chosen in the settings shows on the very next frame.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  const setTheme = useCallback((id: string) => {
    const next = resolveTheme(id);
    writeStorage('theme', next.id);
    setThemeState(next);
  }, []);
  const value = useMemo(() => ({ theme, themes: THEMES, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
