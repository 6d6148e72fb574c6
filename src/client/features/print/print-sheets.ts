import { PRINT_COLUMNS, PRINT_ROWS, type PrintPaper } from '@shared/constants';

/** One printed sheet: its fronts as they lie on the page, then its backs, each row mirrored, null for an empty place. */
export interface Sheet<C> {
  fronts: (C | null)[];
  backs: (C | null)[];
}

/**
 * The cards laid out for duplex printing, 8 to a sheet (2 × 4): a page of fronts, then a page of
 * backs where each row runs right to left, so that after a long-edge flip every back lands behind
 * its front. Places left over on the last sheet stay empty (on the backs too, mirrored).
 */
export function sheetsOf<C>(cards: readonly C[]): Sheet<C>[] {
  const perSheet = PRINT_COLUMNS * PRINT_ROWS;
  const sheets: Sheet<C>[] = [];
  for (let start = 0; start < cards.length; start += perSheet) {
    const fronts = Array.from({ length: perSheet }, (_, i) => cards[start + i] ?? null);
    const backs = fronts.map((_, i) => {
      const row = Math.floor(i / PRINT_COLUMNS);
      const column = i % PRINT_COLUMNS;
      return fronts[row * PRINT_COLUMNS + (PRINT_COLUMNS - 1 - column)]!;
    });
    sheets.push({ fronts, backs });
  }
  return sheets;
}

// Countries that print on Letter paper by default (the rest of the world uses A4).
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'PR']);

/** The paper a browser in `locale` most likely has in its printer. */
export function defaultPaper(locale: string): PrintPaper {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && LETTER_REGIONS.has(region) ? 'letter' : 'A4';
  } catch {
    return 'A4';
  }
}
