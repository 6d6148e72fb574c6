import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  CARD_TEXT_FIELDS,
  REQUIRED_TEXT_FIELDS,
  TEXT_FIELD_NAMES,
  type CardContentValues,
  type CardTextField,
} from '@shared/card-fields';
import {
  ANKI_FIELD_HTML_MAX,
  AUDIO_MAX_BYTES,
  ANKI_MEDIA_FILES_MAX,
  ANKI_METADATA_MAX_BYTES,
  ANKI_SAMPLE_NOTES,
  CARD_TEXT_MAX,
  IMAGE_MAX_BYTES,
} from '@shared/constants';
import type { AnkiFieldMapping, AnkiMapping, AnkiPreview } from '@shared/schemas/transfer';
import { ApiError } from '../../http/errors';
import { readCollection, type AnkiCollection, type AnkiNote } from './anki-collection';
import { openPackage, packageErrors, type PackageFiles } from './anki-package';
import { decodeMediaEntries, decodeMeta } from './anki-proto';
import { proposeMapping, type FieldSamples } from './anki-mapping';
import { deckTitle, readField, scanField, type FieldContent } from './anki-text';

type Format = AnkiPreview['format'];
const COLLECTION_FILE: Record<Format, string> = {
  anki2: 'collection.anki2',
  anki21: 'collection.anki21',
  anki21b: 'collection.anki21b',
};
/** Temp folders older than this are left over from a crash, and removed by the next import. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** An opened package: its collection read, its media reachable by name. Close it when done. */
export interface AnkiPackage {
  format: Format;
  collection: AnkiCollection;
  /** The bytes of a media file by its name; null when the package lacks it or it is larger than `max` (a picture's limit). */
  media(name: string, max?: number): Promise<Buffer | null>;
  /** A media file's size as the package declares it; null when the package lacks it. */
  mediaSize(name: string): number | null;
  close(): void;
}

/**
 * Which collection file to read, as Anki decides it (rslib import_export/package/meta.rs): the
 * `meta` file names the version; without one, the newest collection the package holds.
 */
async function formatOf(files: PackageFiles): Promise<Format> {
  if (files.has('meta')) {
    let version: number;
    try {
      version = decodeMeta(await files.readAll('meta', { zstd: false, max: 1024 }));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw packageErrors.corrupt('The package description (meta) is damaged');
    }
    const format = ({ 1: 'anki2', 2: 'anki21', 3: 'anki21b' } as const)[version];
    if (!format) throw packageErrors.unknownSchema(`Anki package version ${version} is not supported`);
    return format;
  }
  return (['anki21b', 'anki21', 'anki2'] as const).find((f) => files.has(COLLECTION_FILE[f])) ?? 'anki2';
}

const legacyMediaMap = z.record(z.string().regex(/^[0-9]{1,9}$/), z.string());

/** Media name → zip entry: a JSON object in legacy packages, a zstd-compressed protobuf list in current ones. */
async function mediaMap(files: PackageFiles, format: Format): Promise<Map<string, string>> {
  if (!files.has('media')) return new Map();
  const current = format === 'anki21b';
  const bytes = await files.readAll('media', { zstd: current, max: ANKI_METADATA_MAX_BYTES });
  let pairs: [string, string][];
  try {
    pairs = current
      ? decodeMediaEntries(bytes).map((e, i) => [e.name, String(e.legacy_zip_filename ?? i)])
      : Object.entries(legacyMediaMap.parse(JSON.parse(bytes.toString('utf8')))).map(([zip, name]) => [name, zip]);
  } catch {
    throw packageErrors.corrupt('The package’s list of media files is damaged');
  }
  if (pairs.length > ANKI_MEDIA_FILES_MAX) throw packageErrors.tooManyFiles();
  return new Map(pairs);
}

export function removeStale(root: string): void {
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const dir = path.join(root, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > STALE_TEMP_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens an uploaded .apkg: checks the zip, opens the collection from a temp file under `tempRoot`
 * (read-only; removed by `close()`, or before this returns when it throws), and reads the media map.
 */
export async function openAnkiPackage(bytes: Buffer, tempRoot: string): Promise<AnkiPackage> {
  const files = await openPackage(bytes);
  try {
    const format = await formatOf(files);
    const name = COLLECTION_FILE[format];
    if (!files.has(name)) throw packageErrors.corrupt('The package holds no collection');
    fs.mkdirSync(tempRoot, { recursive: true });
    removeStale(tempRoot);
    const dir = fs.mkdtempSync(path.join(tempRoot, 'anki-'));
    let collection: AnkiCollection;
    try {
      const file = path.join(dir, 'collection.sqlite');
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        await files.read(name, { zstd: format === 'anki21b' }, (chunk) => fs.writeSync(fd, chunk));
      } finally {
        fs.closeSync(fd);
      }
      collection = readCollection(file);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    const closeCollection = () => {
      collection.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    let media: Map<string, string>;
    try {
      media = await mediaMap(files, format);
    } catch (err) {
      closeCollection();
      throw err;
    }
    return {
      format,
      collection,
      mediaSize(mediaName) {
        const entry = media.get(mediaName);
        return entry === undefined || !files.has(entry) ? null : files.size(entry);
      },
      async media(mediaName, max = IMAGE_MAX_BYTES) {
        const entry = media.get(mediaName);
        if (entry === undefined || !files.has(entry)) return null;
        try {
          // Current packages zstd-compress each media file (colpkg/export.rs MediaCopier); older ones store it as is.
          // (The declared size of a zstd file is its packed size: the limit is checked again as it inflates.)
          return await files.readAll(entry, { zstd: 'auto', max });
        } catch (err) {
          if (err instanceof ApiError && err.code === 'file_too_large') return null;
          throw err;
        }
      },
      close: () => {
        closeCollection();
        files.close();
      },
    };
  } catch (err) {
    files.close();
    throw err;
  }
}

/** A note's fields read once: plain text, pictures and sounds. Over-long HTML is not converted. */
function readNote(fields: string[]): (FieldContent | null)[] {
  return fields.map((html) => (html.length > ANKI_FIELD_HTML_MAX ? null : readField(html)));
}

/** A note's fields' pictures and sounds only, without their text (the preview's counts past its samples). */
function scanNote(fields: string[]): (FieldContent | null)[] {
  return fields.map((html) => (html.length > ANKI_FIELD_HTML_MAX ? null : scanField(html)));
}

/** How many notes of each note type are read to guess its mapping from their content. */
const MAPPING_SAMPLE_NOTES = 50;

/** The Anki deck id a note goes to (its first card's home deck; the default deck for an orphan note). */
const deckOf = (note: AnkiNote) => note.deck ?? '1';

/** The decks of the package that hold notes: our title, Anki's name, count, and whether their description reads. */
function decksOf(collection: AnkiCollection): AnkiPreview['decks'] {
  const perDeck = new Map<string, number>();
  for (const note of collection.notes()) perDeck.set(deckOf(note), (perDeck.get(deckOf(note)) ?? 0) + 1);
  return [...perDeck].map(([id, notes]) => {
    const name = collection.decks.get(id);
    return name === undefined
      ? { id, name: `Deck ${id}`, anki_name: '', notes, readable: false }
      : { id, name: deckTitle(name), anki_name: name, notes, readable: true };
  });
}

/** Called once per note read, for a long import's progress. */
export type NoteCounter = () => void;

/** What the dry run shows: decks, note types with samples, a proposed mapping (guessed), media counts. */
export function previewOf(pkg: AnkiPackage, onNote?: NoteCounter): AnkiPreview {
  const { collection } = pkg;
  const perType = new Map<
    string,
    { notes: number; samples: AnkiPreview['note_types'][number]['samples']; fields: FieldSamples[] }
  >();
  let pictures = 0;
  const sounds = new Set<string>();
  let soundRefs = 0;
  for (const note of collection.notes()) {
    onNote?.();
    const type = collection.noteTypes.get(note.noteType);
    if (!type) continue;
    const stats = perType.get(type.id) ?? {
      notes: 0,
      samples: [],
      fields: type.fields.map(() => ({ texts: [], sounds: 0 })),
    };
    perType.set(type.id, stats);
    stats.notes += 1;
    // Text is needed for the samples and the mapping guess only; the rest is counted.
    const sampled = stats.notes <= MAPPING_SAMPLE_NOTES || stats.samples.length < ANKI_SAMPLE_NOTES;
    const content = sampled ? readNote(note.fields) : scanNote(note.fields);
    const picture = content.flatMap((f) => f?.pictures ?? [])[0]?.[0] ?? null;
    const noteSounds = content.reduce((n, f) => n + (f?.sounds.length ?? 0), 0);
    if (picture) pictures += 1;
    soundRefs += noteSounds;
    for (const f of content) for (const name of f?.sounds ?? []) sounds.add(name);
    if (stats.notes <= MAPPING_SAMPLE_NOTES) {
      stats.fields.forEach((f, i) => {
        f.texts.push(content[i]?.text ?? '');
        if (content[i]?.sounds.length) f.sounds += 1;
      });
    }
    if (stats.samples.length < ANKI_SAMPLE_NOTES) {
      const fields = type.fields.map((_, i) => (content[i]?.text ?? '').slice(0, CARD_TEXT_MAX));
      stats.samples.push({ fields, picture, sounds: noteSounds });
    }
  }
  const noteTypes = [...collection.noteTypes.values()].filter((t) => perType.has(t.id));
  const proposed: AnkiMapping = {};
  for (const t of noteTypes) {
    if (t.cloze) continue;
    const guess = proposeMapping(t.fields, perType.get(t.id)!.fields);
    if (guess) proposed[t.id] = guess;
  }
  const soundsSkipped: AnkiPreview['media']['sounds_skipped'] = [];
  for (const name of sounds) {
    const size = pkg.mediaSize(name);
    if (size === null) soundsSkipped.push({ name, reason: 'missing' });
    else if (size > AUDIO_MAX_BYTES) soundsSkipped.push({ name, reason: 'too_large' });
  }
  return {
    format: pkg.format,
    notes: collection.noteCount,
    decks: decksOf(collection),
    note_types: noteTypes.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.cloze ? ('cloze' as const) : ('standard' as const),
      importable: !t.cloze && t.fields.length >= 2,
      fields: t.fields,
      notes: perType.get(t.id)!.notes,
      samples: perType.get(t.id)!.samples,
    })),
    proposed_mapping: proposed,
    remembered: [],
    media: { pictures, sounds: soundRefs, sounds_skipped: soundsSkipped },
  };
}

/** The preview with the family's last mapping of a note type proposed instead of the guess, where it still fits. */
export function withRemembered(preview: AnkiPreview, remembered: AnkiMapping): AnkiPreview {
  const proposed = { ...preview.proposed_mapping };
  const ids: string[] = [];
  for (const t of preview.note_types) {
    const last = remembered[t.id];
    if (t.kind === 'cloze' || !last) continue;
    if (Object.values(last).every((i) => typeof i !== 'number' || i < t.fields.length)) {
      proposed[t.id] = last;
      ids.push(t.id);
    }
  }
  return { ...preview, proposed_mapping: proposed, remembered: ids };
}

/** A card to make: its declared text fields (`@shared/card-fields`), media names to try. */
export type PlannedCard = Pick<CardContentValues, CardTextField> & {
  /** Media names to try for the card's picture (the note's first picture). */
  picture: string[] | null;
  /** The sound of each side, as the mapping says: from the side's own field, else its audio field. */
  en_sound: string | null;
  es_sound: string | null;
  /** Sounds of the note that go to neither side. */
  other_sounds: number;
};
export interface ImportPlan {
  /** Anki deck id → its title here and cards, in the order of the package's notes. */
  decks: Map<string, { name: string; cards: PlannedCard[] }>;
  skipped: {
    cloze: number;
    unsupported: number;
    unmapped: number;
    blank: number;
    too_long: number;
    deck_not_selected: number;
    unreadable_deck: number;
  };
  /** Titles of the decks skipped because their description does not read. */
  unreadableDecks: string[];
}

const mappingError = (field: string, message: string) =>
  new ApiError(400, 'invalid_input', `Invalid input: ${field}`, [{ field, code: 'custom', message }]);

/** Checks that the mapping names fields the note types have. */
function checkMapping(collection: AnkiCollection, mapping: AnkiMapping): void {
  for (const [id, m] of Object.entries(mapping)) {
    const type = collection.noteTypes.get(id);
    if (!type) throw mappingError(`mapping.${id}`, 'No such note type in the package');
    for (const [key, index] of Object.entries(m)) {
      if (typeof index === 'number' && index >= type.fields.length) {
        throw mappingError(`mapping.${id}.${key}`, `The note type has ${type.fields.length} fields`);
      }
    }
    if (m.en === m.es) throw mappingError(`mapping.${id}.es`, 'English and Spanish must be different fields');
  }
}

/** Checks that the deck selection names decks the package holds notes in. */
function checkDecks(collection: AnkiCollection, selected: string[] | undefined): Set<string> | undefined {
  if (selected === undefined) return undefined;
  const present = new Set<string>();
  for (const note of collection.notes()) present.add(deckOf(note));
  selected.forEach((id, i) => {
    if (!present.has(id)) {
      throw new ApiError(400, 'invalid_input', 'Invalid input: decks', [
        { field: `decks.${i}`, code: 'custom', message: 'No such deck in the package' },
      ]);
    }
  });
  return new Set(selected);
}

/** The sounds a note's mapped fields give each side: the side's own field first, then its audio field. */
function soundsOf(content: (FieldContent | null)[], m: AnkiFieldMapping) {
  const of = (i: number | null | undefined) => (i === null || i === undefined ? [] : (content[i]?.sounds ?? []));
  const en = [...of(m.en), ...of(m.en_audio)];
  const es = [...of(m.es), ...of(m.es_audio)];
  const all = content.reduce((n, f) => n + (f?.sounds.length ?? 0), 0);
  const used = (en.length ? 1 : 0) + (es.length ? 1 : 0);
  return { en: en[0] ?? null, es: es[0] ?? null, other: all - used };
}

/**
 * Turns the notes into the cards to make, per deck, by the mapping; counts what cannot become a
 * card. `selectedDecks`: the Anki deck ids to import (all readable decks when undefined).
 */
export function planImport(
  collection: AnkiCollection,
  mapping: AnkiMapping,
  selectedDecks?: string[],
  onNote?: NoteCounter,
): ImportPlan {
  checkMapping(collection, mapping);
  const selected = checkDecks(collection, selectedDecks);
  const plan: ImportPlan = {
    decks: new Map(),
    skipped: { cloze: 0, unsupported: 0, unmapped: 0, blank: 0, too_long: 0, deck_not_selected: 0, unreadable_deck: 0 },
    unreadableDecks: [],
  };
  const unreadable = new Set<string>();
  for (const note of collection.notes()) {
    onNote?.();
    const deckId = deckOf(note);
    const deckName = collection.decks.get(deckId);
    if (deckName === undefined) {
      plan.skipped.unreadable_deck += 1;
      unreadable.add(deckId);
      continue;
    }
    if (selected && !selected.has(deckId)) {
      plan.skipped.deck_not_selected += 1;
      continue;
    }
    const type = collection.noteTypes.get(note.noteType);
    const m: AnkiFieldMapping | undefined =
      type && !type.cloze && Object.hasOwn(mapping, type.id) ? mapping[type.id] : undefined;
    if (!type || type.cloze) plan.skipped[type?.cloze ? 'cloze' : 'unsupported'] += 1;
    else if (type.fields.length < 2) plan.skipped.unsupported += 1;
    else if (!m) plan.skipped.unmapped += 1;
    if (!type || type.cloze || type.fields.length < 2 || !m) continue;
    if (note.oversized) {
      plan.skipped.too_long += 1;
      continue;
    }
    const content = readNote(note.fields);
    const at = (i: number | null | undefined) => (i === null || i === undefined ? { text: '' } : content[i]);
    const read = TEXT_FIELD_NAMES.map((f) => at(m[f]));
    if (read.includes(null)) {
      plan.skipped.too_long += 1;
      continue;
    }
    // Empty text is null, as the card form stores it; the required fields are checked next.
    const texts = Object.fromEntries(TEXT_FIELD_NAMES.map((f, i) => [f, read[i]?.text || null])) as Pick<
      CardContentValues,
      CardTextField
    >;
    if (REQUIRED_TEXT_FIELDS.some((f) => !texts[f])) {
      plan.skipped.blank += 1;
      continue;
    }
    if (TEXT_FIELD_NAMES.some((f) => (texts[f]?.length ?? 0) > CARD_TEXT_FIELDS[f].max)) {
      plan.skipped.too_long += 1;
      continue;
    }
    const deck = plan.decks.get(deckId) ?? { name: deckTitle(deckName), cards: [] };
    plan.decks.set(deckId, deck);
    const sounds = soundsOf(content, m);
    deck.cards.push({
      ...texts,
      picture: content.flatMap((f) => f?.pictures ?? [])[0] ?? null,
      en_sound: sounds.en,
      es_sound: sounds.es,
      other_sounds: sounds.other,
    });
  }
  plan.unreadableDecks = [...unreadable].map((id) => `Deck ${id}`);
  return plan;
}
