import { compile } from 'html-to-text';
import { DECK_TITLE_MAX } from '@shared/constants';

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

/** A picture's source in HTML, as the converter would find it (`<img … src=…>`, quoted or not). */
const PICTURE = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * A field's pictures and sounds without converting its text (fast on any HTML): what the preview
 * counts for the notes past its samples. Picture sources keep their HTML entities.
 */
export function scanField(html: string): FieldContent {
  const sounds = [...html.matchAll(SOUND)].map((m) => m[1]!);
  const pictures = [...html.matchAll(PICTURE)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .filter(Boolean)
    .map((src) => [...new Set([src, mediaName(src)])]);
  return { text: '', pictures, sounds };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Plain text as an Anki field (HTML): escaped, line breaks as <br>. */
export function textToField(text: string): string {
  return text.replace(/[&<>"]/g, (c) => escapes[c]!).replace(/\r?\n/g, '<br>');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * An Anki deck name ("Parent::Child", HTML entities and all) as one of our deck titles:
 * `Parent › Child`, entities decoded, cut on a character boundary within DECK_TITLE_MAX.
 */
export function deckTitle(ankiName: string): string {
  const parts = ankiName
    .split('::')
    .map((part) => readField(part).text.replace(/\n/g, ' ').trim())
    .filter(Boolean);
  const full = parts.join(' › ');
  let title = '';
  for (const { segment } of graphemes.segment(full)) {
    if (title.length + segment.length > DECK_TITLE_MAX) break;
    title += segment;
  }
  return title.trim() || 'Anki deck';
}
