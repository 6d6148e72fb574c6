import { CARD_TEXT_MAX, PRONUNCIATION_MAX } from './constants';

/**
 * A card's content fields, declared once. The zod schemas (`schemas/card.ts`), the cards table's
 * type and column list, the review queue's columns, CSV export and import, the Anki mapping and
 * writer, and the card form all iterate over this declaration: a new field is one entry here, its
 * column (migration), and its label in `locales/{en,es}/cards.json` (`cards.fields.<name>`).
 */

export type CardSide = 'en' | 'es';

export interface CardTextFieldSpec {
  /** `text` is the side's word or phrase; `pronunciation` a hint on how to say it. Both are plain text. */
  kind: 'text' | 'pronunciation';
  side: CardSide;
  /** Required fields must hold text; the others are stored as null when empty. */
  required: boolean;
  /** At most this many characters once trimmed. */
  max: number;
  /** The CSV export's column name (our importer and spreadsheets read it as is). */
  csv: string;
  /**
   * Other column names (lower case, without accents, `_`/`-` read as spaces) that mean this field in a
   * CSV header or an Anki note type, whatever the language.
   */
  aliases: readonly string[];
  /**
   * Words that, with the name of a language in it, make a column or Anki field name this field
   * ("English pronunciation", "IPA es"); none for the side's main text, which a bare language name gets.
   */
  nameWords: readonly string[];
  /** The field's name in the Anki note type our .apkg export writes. */
  anki: string;
}

export interface CardMediaFieldSpec {
  kind: 'image' | 'audio';
  side: CardSide;
  /**
   * The Anki note field our .apkg export writes it in: a picture as `<img src>`, a recording as
   * `[sound:…]` (as Anki does, in the side's word field, so the card plays it). Fields may share one.
   */
  anki: string;
}

const PRONUNCIATION_WORDS = ['pronunciation', 'pronunciacion', 'phonetic', 'phonetics', 'fonetica', 'ipa'];

/** The text fields, in the order of the form, the CSV columns and the Anki note's fields. */
export const CARD_TEXT_FIELDS = {
  en: {
    kind: 'text',
    side: 'en',
    required: true,
    max: CARD_TEXT_MAX,
    csv: 'english',
    aliases: [
      'front',
      'term',
      'word',
      'question',
      'vocab',
      'vocabulary',
      'expression',
      'palabra',
      'termino',
      'anverso',
    ],
    nameWords: [],
    anki: 'English',
  },
  es: {
    kind: 'text',
    side: 'es',
    required: true,
    max: CARD_TEXT_MAX,
    csv: 'spanish',
    aliases: ['back', 'definition', 'meaning', 'answer', 'translation', 'definicion', 'significado', 'traduccion'],
    nameWords: [],
    anki: 'Spanish',
  },
  en_pronunciation: {
    kind: 'pronunciation',
    side: 'en',
    required: false,
    max: PRONUNCIATION_MAX,
    csv: 'english_pronunciation',
    aliases: [],
    nameWords: PRONUNCIATION_WORDS,
    anki: 'English pronunciation',
  },
  es_pronunciation: {
    kind: 'pronunciation',
    side: 'es',
    required: false,
    max: PRONUNCIATION_MAX,
    csv: 'spanish_pronunciation',
    aliases: [],
    nameWords: PRONUNCIATION_WORDS,
    anki: 'Spanish pronunciation',
  },
} as const satisfies Record<string, CardTextFieldSpec>;

/** Pictures and recordings: keys of stored media, set by uploads (never typed in, never in CSV). */
export const CARD_MEDIA_FIELDS = {
  front_image_key: { kind: 'image', side: 'en', anki: 'Picture' },
  back_image_key: { kind: 'image', side: 'es', anki: 'Picture' },
  en_audio_key: { kind: 'audio', side: 'en', anki: CARD_TEXT_FIELDS.en.anki },
  es_audio_key: { kind: 'audio', side: 'es', anki: CARD_TEXT_FIELDS.es.anki },
} as const satisfies Record<string, CardMediaFieldSpec>;

export type CardTextField = keyof typeof CARD_TEXT_FIELDS;
export type CardMediaField = keyof typeof CARD_MEDIA_FIELDS;
export type CardField = CardTextField | CardMediaField;
export type RequiredTextField = {
  [K in CardTextField]: (typeof CARD_TEXT_FIELDS)[K]['required'] extends true ? K : never;
}[CardTextField];
export type OptionalTextField = Exclude<CardTextField, RequiredTextField>;

export const TEXT_FIELD_NAMES = Object.keys(CARD_TEXT_FIELDS) as CardTextField[];
export const MEDIA_FIELD_NAMES = Object.keys(CARD_MEDIA_FIELDS) as CardMediaField[];
/** Every content column of a card, in one order. */
export const CARD_FIELD_NAMES: readonly CardField[] = [...TEXT_FIELD_NAMES, ...MEDIA_FIELD_NAMES];
export const REQUIRED_TEXT_FIELDS = TEXT_FIELD_NAMES.filter((f) => CARD_TEXT_FIELDS[f].required) as RequiredTextField[];
export const OPTIONAL_TEXT_FIELDS = TEXT_FIELD_NAMES.filter(
  (f) => !CARD_TEXT_FIELDS[f].required,
) as OptionalTextField[];

/** A card's content as stored and shown: required text, other fields null when empty. */
export type CardContentValues = { [K in RequiredTextField]: string } & {
  [K in OptionalTextField | CardMediaField]: string | null;
};

export function textSpec(field: CardTextField): CardTextFieldSpec {
  return CARD_TEXT_FIELDS[field];
}

/** Just the declared content fields of a card-like object (a row with more columns, a review card). */
export function cardContentOf(card: CardContentValues): CardContentValues {
  return Object.fromEntries(CARD_FIELD_NAMES.map((f) => [f, card[f]])) as CardContentValues;
}

/** Just the declared text fields of a card-like object (a card planned from an Anki note, a row). */
export function textContentOf(card: Pick<CardContentValues, CardTextField>): Pick<CardContentValues, CardTextField> {
  return Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, card[f]])) as Pick<CardContentValues, CardTextField>;
}

/** A column or field name as it is compared: lower case, without accents, `_` and `-` as spaces. */
export function normaliseFieldName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Which language a name speaks of; full names first: in Spanish "en" and "es" are also words ("Pronunciación en español"). */
function languageOf(n: string): CardSide | null {
  const englishName = /\b(english|ingles)\b/.test(n);
  const spanishName = /\b(spanish|espanol|castellano)\b/.test(n);
  if (englishName || spanishName) return englishName && !spanishName ? 'en' : spanishName && !englishName ? 'es' : null;
  const en = /\ben\b/.test(n);
  const es = /\bes\b/.test(n);
  return en && !es ? 'en' : es && !en ? 'es' : null;
}

/** The text fields whose words a column or field name holds ("pronunciation" in "Spanish pronunciation"), whatever its language. */
export function fieldsWordedIn(name: string): CardTextField[] {
  const n = normaliseFieldName(name);
  return TEXT_FIELD_NAMES.filter((f) => textSpec(f).nameWords.some((w) => new RegExp(`\\b${w}s?\\b`).test(n)));
}

/**
 * The text field a CSV column or Anki field name means: our own export's names and the declared
 * aliases exactly, else a language with the words of a field ("English pronunciation"), else a
 * language alone for the side's main text. Undefined when the name says nothing we know, or names
 * a field's words without saying which language.
 */
export function fieldOfName(name: string): CardTextField | undefined {
  const n = normaliseFieldName(name);
  const exact = TEXT_FIELD_NAMES.find((f) => {
    const spec = textSpec(f);
    return normaliseFieldName(spec.csv) === n || spec.aliases.includes(n) || normaliseFieldName(spec.anki) === n;
  });
  if (exact) return exact;
  const language = languageOf(n);
  const worded = fieldsWordedIn(name);
  if (worded.length) return worded.find((f) => textSpec(f).side === language);
  return TEXT_FIELD_NAMES.find((f) => textSpec(f).side === language && textSpec(f).nameWords.length === 0);
}
