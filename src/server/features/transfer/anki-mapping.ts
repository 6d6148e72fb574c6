import {
  fieldOfName,
  fieldsWordedIn,
  OPTIONAL_TEXT_FIELDS,
  textSpec,
  type OptionalTextField,
} from '@shared/card-fields';
import type { AnkiFieldMapping } from '@shared/schemas/transfer';

/**
 * Guessing which field of an Anki note type holds the English, the Spanish, their pronunciations
 * and their sounds: from the field names (in English or Spanish, `English`, `Inglés`, `en_word`,
 * `es`, `Spanish word`, `Español`, …), then from what the fields hold (which language their words
 * look like), then Front/Back and their kin. A field of numbers is never proposed.
 */

/** A side's main text, one of the card's other declared text fields (src/shared/card-fields.ts), a sound, or a side by position. */
type Role = 'en' | 'es' | OptionalTextField | 'en_audio' | 'es_audio' | 'audio' | 'front' | 'back' | null;

const optionalText = (role: Role): role is OptionalTextField => (OPTIONAL_TEXT_FIELDS as Role[]).includes(role);

/** A field name lower-cased, without accents, its separators (`_`, `-`, `.`, `/`) made spaces. */
function normalise(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_\-./:()[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a field's name suggests it holds. */
function roleOfName(name: string): Role {
  const n = normalise(name);
  const english = /\b(english|ingles|en|eng)\b/.test(n);
  const spanish = /\b(spanish|espanol|castellano|es|spa|esp)\b/.test(n);
  if (/\b(audio|sound|sonido|voice|voz|recording|grabacion|mp3)\b/.test(n)) {
    if (english && !spanish) return 'en_audio';
    if (spanish && !english) return 'es_audio';
    return 'audio';
  }
  // The card's other text fields (pronunciations, …) as their declaration names them, with a language.
  const declared = fieldOfName(name);
  if (declared && textSpec(declared).kind !== 'text') return declared;
  if (fieldsWordedIn(name).length) return null;
  if (english && !spanish) return 'en';
  if (spanish && !english) return 'es';
  if (/^(front|word|term|question|vocab|vocabulary|expression|palabra|frente|anverso|pregunta)$/.test(n))
    return 'front';
  if (/^(back|meaning|definition|translation|answer|traduccion|significado|reverso|respuesta)$/.test(n)) return 'back';
  return null;
}

const SPANISH_WORDS = new Set(
  (
    'el la los las un una unos unas de del al y o que en es son por para con sin no se lo le les mi tu su ' +
    'yo nosotros ellos ella muy pero como cuando donde porque esta este eso esto estoy estas hay tiene tengo ' +
    'quiero hola gracias adios bueno buena casa gato perro agua rojo verde azul amarillo negro blanco'
  ).split(' '),
);
const ENGLISH_WORDS = new Set(
  (
    'the a an of to and or is are was were be in on at it you he she they we i my your his her their this ' +
    'that with for from not do does did have has what when where why how hello thanks goodbye good house cat ' +
    'dog water red green blue yellow black white want about'
  ).split(' '),
);

/**
 * How Spanish (positive) or English (negative) a text's words look: known words count most, then
 * letters only Spanish uses (ñ, accents, ¿ ¡), then letter patterns each language favours.
 */
export function spanishScore(text: string): number {
  let score = 0;
  if (/[¿¡ñ]/i.test(text)) score += 2;
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (SPANISH_WORDS.has(word)) score += 2;
    else if (ENGLISH_WORDS.has(word)) score -= 2;
    if (/[áéíóúü]/.test(word)) score += 1;
    if (/(cion|ción|dad|mente|ito|ita|illo|illa)$/.test(word)) score += 1;
    else if (/[ao]$/.test(word) && word.length > 2) score += 0.5;
    if (/(th|sh|w|k|ck|ee|oo|ght|ing)/.test(word) || /[^aeiounrslydz]$/.test(word)) score -= 0.5;
  }
  return score;
}

/** A field whose every non-empty sample is a number (or a date, a count): never English or Spanish. */
const NUMBERS = /^[\s\d.,:;+\-−/%()#]+$/;

export interface FieldSamples {
  /** The field's plain text in the sample notes. */
  texts: string[];
  /** How many of the sample notes have a sound in the field. */
  sounds: number;
}

/**
 * A mapping guessed from field names and, when given, the fields' sample text: English/Spanish by
 * name first, then by the language the text looks like, then Front/Back and their kin, else the
 * first fields left; pronunciations only when the name says which language; a sound-only field to
 * the side its name says, else to the side of the first (front) field. Undefined for a note type
 * with fewer than two fields that could hold text.
 */
export function proposeMapping(fields: string[], samples: FieldSamples[] = []): AnkiFieldMapping | undefined {
  if (fields.length < 2) return undefined;
  const roles = fields.map(roleOfName);
  const filled = (i: number) => (samples[i]?.texts ?? []).filter((t) => t.trim() !== '');
  const numeric = fields.map((_, i) => filled(i).length > 0 && filled(i).every((t) => NUMBERS.test(t)));
  const soundOnly = fields.map((_, i) => (samples[i]?.sounds ?? 0) > 0 && filled(i).length === 0);
  const usable = (i: number) => !numeric[i] && !soundOnly[i] && !/audio/.test(roles[i] ?? '');
  if (fields.filter((_, i) => usable(i)).length < 2) return undefined;

  const taken = new Set<number>();
  const take = (i: number | undefined) => {
    if (i === undefined || i < 0) return undefined;
    taken.add(i);
    return i;
  };
  const byName = (role: Role) => take(roles.findIndex((r, i) => r === role && !taken.has(i) && usable(i)));

  let en = byName('en');
  let es = byName('es');
  // By content: among the fields left that could be either, the most Spanish-looking and the most English-looking.
  const open = fields.map((_, i) => i).filter((i) => !taken.has(i) && usable(i) && !optionalText(roles[i] ?? null));
  const scored = open
    .map((i) => ({ i, score: filled(i).reduce((sum, t) => sum + spanishScore(t), 0) / Math.max(filled(i).length, 1) }))
    .filter((f) => filled(f.i).length > 0);
  if (es === undefined) {
    const best = [...scored].sort((a, b) => b.score - a.score)[0];
    if (best && best.score > 0.25 && !taken.has(best.i)) es = take(best.i);
  }
  if (en === undefined) {
    const best = [...scored].filter((f) => !taken.has(f.i)).sort((a, b) => a.score - b.score)[0];
    if (best && best.score < -0.25) en = take(best.i);
  }
  en ??= byName('front') ?? byName('back');
  es ??= byName('back') ?? byName('front');
  const firstFree = () => take(fields.findIndex((_, i) => !taken.has(i) && usable(i) && roles[i] === null));
  const anyFree = () => take(fields.findIndex((_, i) => !taken.has(i) && usable(i)));
  en ??= firstFree() ?? anyFree();
  es ??= firstFree() ?? anyFree();
  if (en === undefined || es === undefined) return undefined;

  const audio = (role: 'en_audio' | 'es_audio') =>
    take(roles.findIndex((r, i) => r === role && !taken.has(i) && !numeric[i]));
  let enAudio = audio('en_audio');
  let esAudio = audio('es_audio');
  // A sound field whose name does not say the language: the sound of the front (first) word.
  const unnamed = take(
    fields.findIndex((_, i) => !taken.has(i) && (roles[i] === 'audio' || (soundOnly[i] && roles[i] === null))),
  );
  if (unnamed !== undefined) {
    if (en < es && enAudio === undefined) enAudio = unnamed;
    else if (esAudio === undefined) esAudio = unnamed;
    else enAudio ??= unnamed;
  }
  return {
    en,
    es,
    ...(Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((f) => [f, byName(f) ?? null])) as Record<
      OptionalTextField,
      number | null
    >),
    en_audio: enAudio ?? null,
    es_audio: esAudio ?? null,
  };
}
