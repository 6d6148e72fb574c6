import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@client/lib/theme';
import { THEME_SAVING_MS, ThemeSettings } from './theme-settings';
import { settingsStrings } from '../strings';

beforeAll(() => settingsStrings('es'));

afterEach(() => vi.useRealTimers());

describe('ThemeSettings', () => {
  it('enables update only for a different theme, shows saving for 500 ms, then applies it', () => {
    vi.useFakeTimers();
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    const update = screen.getByRole('button', { name: 'Update theme' });
    expect(screen.getByRole('radio', { name: 'Classic' })).toBeChecked();
    expect(update).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Sunset Glow' }));
    expect(update).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Classic' }));
    expect(update).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Sunset Glow' }));
    fireEvent.click(update);

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(THEME_SAVING_MS - 1));
    expect(localStorage.getItem('theme')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(localStorage.getItem('theme')).toBe('sunset');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#b4461b');
    expect(screen.getByRole('button', { name: 'Update theme' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Theme changed to Sunset Glow.');
  });
});
