import { fieldOfName, OPTIONAL_TEXT_FIELDS, REQUIRED_TEXT_FIELDS, type CardTextField } from '@shared/card-fields';
import { compile } from 'html-to-text';
import type { AnkiFieldMapping } from '@shared/schemas/transfer';

/** Anki's sound reference in a field's text: `[sound:file.mp3]`. */
const SOUND = /\[sound:([^\]]+)\]/g;

// The converter collects the pictures' sources as it meets them (it runs synchronously, one field at a time).
let pictures: string[] = [];
const htmlToText = compile({
  wordwrap: false,
  formatters: {
    pictureSource: (elem) => {
      const src = elem.attribs?.src;
      if (src) pictures.push(src);
    },
  },
  selectors: [
    { selector: 'img', format: 'pictureSource' },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'hr', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'block' },
    { selector: 'ul', options: { itemPrefix: '' } },
  ],
});

/** Lines trimmed, inner runs of spaces (non-breaking ones too) made one space, blank lines dropped. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A media name as written in a field: HTML entities are already decoded; a URL-encoded name is decoded too. */
function mediaName(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}

export interface FieldContent {
  text: string;
  /** Media names of the field's pictures, in order (as written, and URL-decoded when that differs). */
  pictures: string[][];
  sounds: string[];
}

/** One Anki field (HTML) as plain text, with the pictures and sounds it refers to. */
export function readField(html: string): FieldContent {
  const sounds = [...html.matchAll(SOUND)].map((m) => m[1]!);
  pictures = [];
  const text = tidy(htmlToText(html.replace(SOUND, ' ')));
  const found = pictures.map((src) => [...new Set([src, mediaName(src)])]);
  pictures = [];
  return { text, pictures: found, sounds };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Plain text as an Anki field (HTML): escaped, line breaks as <br>. */
export function textToField(text: string): string {
  return text.replace(/[&<>"]/g, (c) => escapes[c]!).replace(/\r?\n/g, '<br>');
}

type Role = CardTextField | null;

/** What a field's name suggests it holds (the declared names, aliases and words of `@shared/card-fields`). */
function roleOf(name: string): Role {
  return fieldOfName(name) ?? null;
}

/**
 * A mapping guessed from field names: "English"/"Spanish" (or "Inglés"/"Español") first, then
 * "Front"/"Back" and their kin, else the first two fields; pronunciations only when the name says
 * which language. Undefined for a note type with fewer than two fields.
 */
export function proposeMapping(fields: string[]): AnkiFieldMapping | undefined {
  if (fields.length < 2) return undefined;
  const roles = fields.map(roleOf);
  const taken = new Set<number>();
  const pick = (...wanted: Role[]) => {
    for (const role of wanted) {
      const i = roles.findIndex((r, at) => r === role && !taken.has(at));
      if (i >= 0) {
        taken.add(i);
        return i;
      }
    }
    return undefined;
  };
  const firstFree = () => {
    const i = fields.findIndex((_, at) => !taken.has(at) && roles[at] === null);
    const any = i >= 0 ? i : fields.findIndex((_, at) => !taken.has(at));
    taken.add(any);
    return any;
  };
  const mapping = {} as Record<CardTextField, number | null>;
  // Required fields first: each takes its named field, else the first free one; the others only when named.
  for (const f of REQUIRED_TEXT_FIELDS) mapping[f] = pick(f) ?? firstFree();
  for (const f of OPTIONAL_TEXT_FIELDS) mapping[f] = pick(f) ?? null;
  return mapping as AnkiFieldMapping;
}
