import { describe, expect, it } from 'vitest';
import { checkSpelling, spellingForm, spellingOutcome } from './spelling';

describe('checkSpelling', () => {
  it('accepts the same word whatever the case, spacing, leading ¿ ¡ or closing punctuation', () => {
    expect(checkSpelling('el perro', 'El Perro')).toEqual({ kind: 'correct' });
    expect(checkSpelling('¿Cómo estás?', 'cómo   estás')).toEqual({ kind: 'correct' });
    expect(checkSpelling('¡Hola!', '  hola ')).toEqual({ kind: 'correct' });
    expect(checkSpelling('Hello!', 'hello')).toEqual({ kind: 'correct' });
    expect(checkSpelling('ÁRBOL', 'árbol')).toEqual({ kind: 'correct' });
  });

  it('treats a combining accent as the accented letter', () => {
    expect(checkSpelling('canción', 'cancio\u0301n')).toEqual({ kind: 'correct' });
    expect(checkSpelling('nin\u0303o', 'niño')).toEqual({ kind: 'correct' });
    expect(checkSpelling('pingüino', 'pingu\u0308ino')).toEqual({ kind: 'correct' });
  });

  it('says "casi" and names the letter when only an accent, dieresis or the ñ is missing', () => {
    expect(checkSpelling('niño', 'nino')).toEqual({
      kind: 'close',
      letters: [{ index: 2, expected: 'ñ', typed: 'n' }],
    });
    expect(checkSpelling('canción', 'cancion')).toEqual({
      kind: 'close',
      letters: [{ index: 5, expected: 'ó', typed: 'o' }],
    });
    expect(checkSpelling('pingüino', 'PINGUINO')).toEqual({
      kind: 'close',
      letters: [{ index: 4, expected: 'ü', typed: 'u' }],
    });
    expect(checkSpelling('¿Qué día es?', 'que dia es')).toEqual({
      kind: 'close',
      letters: [
        { index: 2, expected: 'é', typed: 'e' },
        { index: 5, expected: 'í', typed: 'i' },
      ],
    });
    // English words with accents, and an accent on the wrong letter.
    expect(checkSpelling('café', 'cafe')).toMatchObject({ kind: 'close' });
    expect(checkSpelling('mamá', 'mámá')).toEqual({
      kind: 'close',
      letters: [{ index: 1, expected: 'a', typed: 'á' }],
    });
  });

  it('shows a one-letter typo as a difference', () => {
    expect(checkSpelling('perro', 'pero')).toEqual({
      kind: 'typo',
      edit: { kind: 'missing', index: 3, expected: 'r' },
    });
    expect(checkSpelling('gato', 'gatto')).toEqual({ kind: 'typo', edit: { kind: 'extra', index: 3, typed: 't' } });
    expect(checkSpelling('house', 'hoise')).toEqual({
      kind: 'typo',
      edit: { kind: 'replace', index: 2, expected: 'u', typed: 'i' },
    });
    expect(checkSpelling('friend', 'freind')).toEqual({
      kind: 'typo',
      edit: { kind: 'swap', index: 2, expected: 'ie', typed: 'ei' },
    });
    // A typo beside a missing accent is still one typo.
    expect(checkSpelling('canción', 'cansion')).toMatchObject({ kind: 'typo', edit: { kind: 'replace', index: 3 } });
  });

  it('calls anything further off, or nothing typed, wrong', () => {
    expect(checkSpelling('perro', 'gato')).toEqual({ kind: 'wrong' });
    expect(checkSpelling('perro', 'peo')).toEqual({ kind: 'wrong' });
    expect(checkSpelling('dog', '')).toEqual({ kind: 'wrong' });
    expect(checkSpelling('dog', '¿?')).toEqual({ kind: 'wrong' });
  });

  it('grades correct, casi and the rest as correct, close and wrong', () => {
    expect(spellingOutcome(checkSpelling('niño', 'niño'))).toBe('correct');
    expect(spellingOutcome(checkSpelling('niño', 'nino'))).toBe('close');
    expect(spellingOutcome(checkSpelling('niño', 'nio'))).toBe('wrong');
  });

  it('normalises to NFC lower case without the opening marks', () => {
    expect(spellingForm('¡¿  Ya\u0301  VOY?!')).toBe('yá voy');
  });
});
