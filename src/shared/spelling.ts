/**
 * Checking a typed answer in "Spell it" (Spanish and English). Case, surrounding spaces, a leading
 * ¿ or ¡ and closing ? ! . are not part of the spelling; how a letter is encoded is not either (é typed
 * as e + a combining accent is é). What is left is compared letter by letter:
 *
 * - `correct`: the same letters.
 * - `close` ("casi"): the same letters once accents, dieresis and the tilde of ñ are set aside; each
 *   letter where only the mark differs is named (`letters`).
 * - `typo`: one letter wrong, missing, extra, or two neighbours swapped (marks aside); `edit` says which.
 * - `wrong`: anything else.
 */

export interface MarkDifference {
  /** Position of the letter in the expected answer (as normalised: letters only, see `spellingForm`). */
  index: number;
  /** The letter the answer has (e.g. "ñ", "á"), and what was typed there (e.g. "n", "a"). */
  expected: string;
  typed: string;
}

export type SpellingEdit =
  | { kind: 'replace'; index: number; expected: string; typed: string }
  | { kind: 'missing'; index: number; expected: string }
  | { kind: 'extra'; index: number; typed: string }
  | { kind: 'swap'; index: number; expected: string; typed: string };

export type SpellingResult =
  | { kind: 'correct' }
  | { kind: 'close'; letters: MarkDifference[] }
  | { kind: 'typo'; edit: SpellingEdit }
  | { kind: 'wrong' };

const LEADING = /^[\s¿¡"'«“‘(]+/u;
const TRAILING = /[\s?!.…"'»”’)]+$/u;

/** The text as its spelling is compared: NFC, lower case, single spaces, no leading ¿ ¡ nor closing ? ! . */
export function spellingForm(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase().replace(/\s+/gu, ' ').replace(LEADING, '').replace(TRAILING, '');
}

/** A letter without its accent, dieresis or tilde (ñ → n, ü → u, é → e). */
const baseOf = (letter: string) => letter.normalize('NFD').replace(/\p{M}+/gu, '');

/** The single edit that turns `expected` into `typed` (both as letter arrays), or null when it takes more. */
function oneEdit(expected: string[], typed: string[]): SpellingEdit | null {
  const e = expected.map(baseOf);
  const t = typed.map(baseOf);
  let i = 0;
  while (i < e.length && i < t.length && e[i] === t[i]) i++;
  const sameFrom = (a: number, b: number) =>
    e.length - a === t.length - b && e.slice(a).every((c, k) => c === t[b + k]);
  if (e.length === t.length) {
    if (sameFrom(i + 1, i + 1)) return { kind: 'replace', index: i, expected: expected[i]!, typed: typed[i]! };
    if (e[i] === t[i + 1] && e[i + 1] === t[i] && sameFrom(i + 2, i + 2))
      return {
        kind: 'swap',
        index: i,
        expected: expected.slice(i, i + 2).join(''),
        typed: typed.slice(i, i + 2).join(''),
      };
    return null;
  }
  if (e.length === t.length + 1 && sameFrom(i + 1, i)) return { kind: 'missing', index: i, expected: expected[i]! };
  if (t.length === e.length + 1 && sameFrom(i, i + 1)) return { kind: 'extra', index: i, typed: typed[i]! };
  return null;
}

/** How `typed` spells `expected` (see the module comment). */
export function checkSpelling(expected: string, typed: string): SpellingResult {
  const e = [...spellingForm(expected)];
  const t = [...spellingForm(typed)];
  if (t.length === 0) return { kind: 'wrong' };
  if (e.join('') === t.join('')) return { kind: 'correct' };
  if (e.length === t.length && e.every((c, i) => baseOf(c) === baseOf(t[i]!))) {
    const letters = e.flatMap((c, i) => (c === t[i] ? [] : [{ index: i, expected: c, typed: t[i]! }]));
    return { kind: 'close', letters };
  }
  const edit = oneEdit(e, t);
  return edit ? { kind: 'typo', edit } : { kind: 'wrong' };
}

/** The play outcome of a spelling (answer-modes.ts grades it): a typo is still a wrong answer. */
export const spellingOutcome = (result: SpellingResult) =>
  result.kind === 'correct' ? 'correct' : result.kind === 'close' ? 'close' : 'wrong';
