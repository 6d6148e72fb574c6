import { describe, expect, it } from 'vitest';
import { THEMES } from '@shared/constants';

/** Every theme keeps WCAG 2.2 AA contrast: 4.5:1 for text (1.4.3), 3:1 for the parts of controls (1.4.11). */

const SURFACE = '#ffffff'; // --color-surface, the same in every theme (global.css)
const WHITE = '#ffffff'; // text on filled buttons, badges and avatars

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** color-mix(in srgb, a share, b) as the browser computes it. */
const mix = (a: string, share: number, b: string) =>
  `#${channels(a)
    .map((v, i) => Math.round(v * share + channels(b)[i]! * (1 - share)))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

describe.each(THEMES)('theme $name', ({ colors: c }) => {
  const soft = mix(c.primary, 0.12, SURFACE); // --color-soft: tinted panels and the selected choice

  it.each([
    ['text on the page', c.text, c.background],
    ['text on cards and dialogs', c.text, SURFACE],
    ['text on tinted panels', c.text, soft],
    ['secondary text on the page', c.secondary, c.background],
    ['secondary text on cards', c.secondary, SURFACE],
    ['secondary text on tinted panels', c.secondary, soft],
    ['links and the current page on the page', c.primary, c.background],
    ['links on cards', c.primary, SURFACE],
    ['primary text on tinted panels', c.primary, soft],
    ['error text on cards', c.danger, SURFACE],
    ['labels of primary buttons', WHITE, c.primary],
    ['labels of destructive buttons', WHITE, c.danger],
    ['labels of success buttons', WHITE, c.success],
    ['initials on avatars', WHITE, c.accent],
  ])('%s: at least 4.5:1', (_what, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['focus rings and selected choices on the page', c.primary, c.background],
    ['focus rings and selected choices on cards', c.primary, SURFACE],
    ['input borders', c.secondary, SURFACE],
    ['invalid input borders', c.danger, SURFACE],
    ['the progress bar against its track', c.primary, c.border],
  ])('%s: at least 3:1', (_what, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(3);
  });
});
