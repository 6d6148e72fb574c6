import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import yazl from 'yazl';
import {
  CARD_MEDIA_FIELDS,
  CARD_TEXT_FIELDS,
  MEDIA_FIELD_NAMES,
  TEXT_FIELD_NAMES,
  type CardContentValues,
  type CardSide,
} from '@shared/card-fields';
import { textToField } from './anki-text';

/**
 * Writes one deck as an Anki package in the legacy format: `collection.anki2` at schema 11 with a
 * JSON media map. Every Anki since 2.1 imports it (current Anki upgrades it on import, as it does
 * packages from genanki and AnkiDroid), where `collection.anki21b` needs Anki 2.1.50 or later.
 * Field and key names follow rslib's schema-11 serde structs (notetype/schema11.rs,
 * decks/schema11.rs, deckconfig/schema11.rs), required keys included.
 */

/**
 * A card to write: every declared field (`@shared/card-fields`), its media fields holding the
 * file's name in the package (null when the card has none).
 */
export type ExportCard = CardContentValues;

export const NOTE_TYPE_NAME = 'Basic (and reversed card)';
/**
 * One note field per declared text field, in the declaration's order, then the fields media are
 * declared in that no text field has (the picture): each media field is written where its `anki` says.
 */
export const NOTE_FIELDS = [
  ...new Set([
    ...TEXT_FIELD_NAMES.map((f) => CARD_TEXT_FIELDS[f].anki),
    ...MEDIA_FIELD_NAMES.map((f) => CARD_MEDIA_FIELDS[f].anki),
  ]),
];
const TEXT_ONLY = new Set<string>(TEXT_FIELD_NAMES.map((f) => CARD_TEXT_FIELDS[f].anki));
/** A media file as Anki refers to it in a field. */
const mediaRef = (kind: 'image' | 'audio', name: string) =>
  kind === 'image' ? `<img src="${textToField(name)}">` : `[sound:${name}]`;

/** A card's note fields: each one's text (escaped), then the media declared in it, each file once. */
function noteFields(c: ExportCard): string[] {
  return NOTE_FIELDS.map((name) => {
    const text = TEXT_FIELD_NAMES.filter((f) => CARD_TEXT_FIELDS[f].anki === name).map((f) => textToField(c[f] ?? ''));
    const media = MEDIA_FIELD_NAMES.flatMap((f) => {
      const file = c[f];
      return CARD_MEDIA_FIELDS[f].anki === name && file ? [mediaRef(CARD_MEDIA_FIELDS[f].kind, file)] : [];
    });
    return [...text, ...new Set(media)].join('');
  });
}

const SCHEMA_11 = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/** A side of the card: its main text, then its other declared fields when they hold text. */
const side = (which: CardSide) =>
  TEXT_FIELD_NAMES.filter((f) => CARD_TEXT_FIELDS[f].side === which)
    .map((f) => {
      const { anki, kind, required } = CARD_TEXT_FIELDS[f];
      const shown = `<div class="${kind === 'text' ? 'word' : kind}">{{${anki}}}</div>`;
      return required ? shown : `{{#${anki}}}${shown}{{/${anki}}}`;
    })
    .join('');
/** The note fields a side needs to make its card: its required text. */
const required = (which: CardSide) =>
  TEXT_FIELD_NAMES.flatMap((f, ord) =>
    CARD_TEXT_FIELDS[f].side === which && CARD_TEXT_FIELDS[f].required ? [ord] : [],
  );
/** The fields holding only media (the picture), shown on both cards' fronts. */
const mediaOnly = NOTE_FIELDS.filter((name) => !TEXT_ONLY.has(name))
  .map((name) => `{{#${name}}}<div class="picture">{{${name}}}</div>{{/${name}}}`)
  .join('');

function noteType(id: number, deckId: number, mod: number) {
  const template = (name: string, ord: number, front: string, back: string) => ({
    name,
    ord,
    qfmt: `${front}${mediaOnly}`,
    afmt: `{{FrontSide}}<hr id=answer>${back}`,
    bqfmt: '',
    bafmt: '',
    did: null,
    bfont: '',
    bsize: 0,
  });
  const en = side('en');
  const es = side('es');
  return {
    id,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [template('Card 1', 0, en, es), template('Card 2', 1, es, en)],
    flds: NOTE_FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    css:
      '.card { font-family: arial; font-size: 28px; text-align: center; color: black; background-color: white; }\n' +
      '.pronunciation { font-size: 18px; color: #666; }\n.picture img { max-width: 90%; max-height: 50vh; }',
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
      '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [
      [0, 'all', required('en')],
      [1, 'all', required('es')],
    ],
    tags: [],
    vers: [],
  };
}

function deck(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: -1,
    desc: '',
    dyn: 0,
    conf: 1,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

const DECK_CONFIG = {
  id: 1,
  mod: 0,
  name: 'Default',
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
};

/** Anki's checksum of a note's sort field: the first 8 hex digits of its SHA-1, as a number. */
const checksum = (text: string) => parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);

/** Builds the collection in a temp file under `tempRoot` (always removed) and returns its bytes. */
function collectionFile(title: string, cards: ExportCard[], at: Date, tempRoot: string): Buffer {
  fs.mkdirSync(tempRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(tempRoot, 'export-'));
  try {
    const file = path.join(dir, 'collection.anki2');
    const db = new Database(file);
    try {
      const nowMs = at.getTime();
      const now = Math.floor(nowMs / 1000);
      // Anki's ids are millisecond timestamps; these stay unique within the package.
      const modelId = nowMs;
      const deckId = nowMs + 1;
      db.exec(SCHEMA_11);
      db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
        now,
        nowMs,
        nowMs,
        JSON.stringify({
          activeDecks: [deckId],
          curDeck: deckId,
          curModel: String(modelId),
          nextPos: cards.length + 1,
          newSpread: 0,
          collapseTime: 1200,
          timeLim: 0,
          estTimes: true,
          dueCounts: true,
          sortType: 'noteFld',
          sortBackwards: false,
          addToCur: true,
        }),
        JSON.stringify({ [modelId]: noteType(modelId, deckId, now) }),
        JSON.stringify({ 1: deck(1, 'Default', now), [deckId]: deck(deckId, title, now) }),
        JSON.stringify({ 1: DECK_CONFIG }),
        '{}',
      );
      const note = db.prepare("insert into notes values (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
      const card = db.prepare("insert into cards values (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
      db.transaction(() => {
        cards.forEach((c, i) => {
          const noteId = nowMs + 2 + i;
          const fields = noteFields(c);
          note.run(
            noteId,
            randomBytes(8).toString('base64url'),
            modelId,
            now,
            fields.join('\u001f'),
            c.en,
            checksum(c.en),
          );
          for (const ord of [0, 1]) card.run(nowMs + 2 + cards.length + 2 * i + ord, noteId, deckId, ord, now, i + 1);
        });
      })();
    } finally {
      db.close();
    }
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The .apkg of one deck: its cards as notes of one "Basic (and reversed card)" note type; `media`,
 * by file name, are the pictures and recordings the cards name (numbered entries and the `media`
 * JSON map from number to name, as Anki writes a legacy package).
 */
export async function writeApkg(
  title: string,
  cards: ExportCard[],
  media: Map<string, Uint8Array>,
  options: { at: Date; tempRoot: string },
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(collectionFile(title, cards, options.at, options.tempRoot), 'collection.anki2');
  const names = [...media.keys()];
  zip.addBuffer(Buffer.from(JSON.stringify(Object.fromEntries(names.map((n, i) => [String(i), n])))), 'media');
  // WebP pictures and MP3 recordings are compressed already: stored, not deflated again.
  names.forEach((n, i) => zip.addBuffer(Buffer.from(media.get(n)!), String(i), { compress: false }));
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
