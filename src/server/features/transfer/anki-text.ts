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

type Role = 'en' | 'es' | 'en_pronunciation' | 'es_pronunciation' | 'front' | 'back' | null;

/** What a field's name suggests it holds. */
function roleOf(name: string): Role {
  const n = name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const english = /\b(english|ingles|en)\b/.test(n);
  const spanish = /\b(spanish|espanol|castellano|es)\b/.test(n);
  if (/pronunciation|pronunciacion|ipa|phonetic|fonetica/.test(n)) {
    if (english) return 'en_pronunciation';
    if (spanish) return 'es_pronunciation';
    return null;
  }
  if (english) return 'en';
  if (spanish) return 'es';
  if (/^(front|word|term|question|vocab|vocabulary|expression|palabra)$/.test(n)) return 'front';
  if (/^(back|meaning|definition|translation|answer|traduccion|significado)$/.test(n)) return 'back';
  return null;
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
  const en = pick('en', 'front') ?? firstFree();
  const es = pick('es', 'back') ?? firstFree();
  return {
    en,
    es,
    en_pronunciation: pick('en_pronunciation') ?? null,
    es_pronunciation: pick('es_pronunciation') ?? null,
  };
}
