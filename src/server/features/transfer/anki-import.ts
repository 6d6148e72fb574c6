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
  ANKI_MEDIA_FILES_MAX,
  ANKI_METADATA_MAX_BYTES,
  ANKI_SAMPLE_NOTES,
  CARD_TEXT_MAX,
  IMAGE_MAX_BYTES,
} from '@shared/constants';
import type { AnkiFieldMapping, AnkiMapping, AnkiPreview } from '@shared/schemas/transfer';
import { ApiError } from '../../http/errors';
import { readCollection, type AnkiCollection } from './anki-collection';
import { openPackage, packageErrors, type PackageFiles } from './anki-package';
import { decodeMediaEntries, decodeMeta } from './anki-proto';
import { proposeMapping, readField, type FieldContent } from './anki-text';

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
  /** The bytes of a media file by its name; null when the package lacks it or it is larger than a picture may be. */
  media(name: string): Promise<Buffer | null>;
  close(): void;
}

/** Which collection file to read, as Anki decides it (rslib import_export/package/meta.rs). */
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
  return files.has('collection.anki21') ? 'anki21' : 'anki2';
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

function removeStale(root: string): void {
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const dir = path.join(root, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > STALE_TEMP_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens an uploaded .apkg: checks the zip, reads the collection from a temp file under `tempRoot`
 * (read-only, removed before this returns, whatever happens), and the media map.
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const media = await mediaMap(files, format);
    return {
      format,
      collection,
      async media(mediaName) {
        const entry = media.get(mediaName);
        if (entry === undefined || !files.has(entry) || files.size(entry) > IMAGE_MAX_BYTES) return null;
        try {
          // Current packages zstd-compress each media file (colpkg/export.rs MediaCopier); older ones store it as is.
          return await files.readAll(entry, { zstd: 'auto', max: IMAGE_MAX_BYTES });
        } catch (err) {
          if (err instanceof ApiError && err.code === 'file_too_large') return null;
          throw err;
        }
      },
      close: () => files.close(),
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

/** What the dry run shows: decks, note types with samples, a proposed mapping, media counts. */
export function previewOf(pkg: AnkiPackage): AnkiPreview {
  const { collection } = pkg;
  const perType = new Map<string, { notes: number; samples: AnkiPreview['note_types'][number]['samples'] }>();
  const perDeck = new Map<string, number>();
  let pictures = 0;
  let sounds = 0;
  for (const note of collection.notes) {
    const type = collection.noteTypes.get(note.noteType);
    if (!type) continue;
    const stats = perType.get(type.id) ?? { notes: 0, samples: [] };
    perType.set(type.id, stats);
    stats.notes += 1;
    if (note.deck) perDeck.set(note.deck, (perDeck.get(note.deck) ?? 0) + 1);
    const content = readNote(note.fields);
    const picture = content.flatMap((f) => f?.pictures ?? [])[0]?.[0] ?? null;
    const noteSounds = content.reduce((n, f) => n + (f?.sounds.length ?? 0), 0);
    if (picture) pictures += 1;
    sounds += noteSounds;
    if (stats.samples.length < ANKI_SAMPLE_NOTES) {
      const fields = type.fields.map((_, i) => (content[i]?.text ?? '').slice(0, CARD_TEXT_MAX));
      stats.samples.push({ fields, picture, sounds: noteSounds });
    }
  }
  const noteTypes = [...collection.noteTypes.values()].filter((t) => perType.has(t.id));
  const proposed: AnkiMapping = {};
  for (const t of noteTypes) {
    const guess = t.cloze ? undefined : proposeMapping(t.fields);
    if (guess) proposed[t.id] = guess;
  }
  return {
    format: pkg.format,
    notes: collection.notes.length,
    decks: [...perDeck].map(([id, notes]) => ({ id, name: collection.decks.get(id) ?? id, notes })),
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
    media: { pictures, sounds },
  };
}

/** A card to make: its declared text fields (`@shared/card-fields`), media names to try. */
export type PlannedCard = Pick<CardContentValues, CardTextField> & {
  /** Media names to try for the card's picture (the note's first picture). */
  picture: string[] | null;
  sounds: string[];
};
export interface ImportPlan {
  /** Anki deck id → its name and cards, in the order of the package's notes. */
  decks: Map<string, { name: string; cards: PlannedCard[] }>;
  skipped: { cloze: number; unsupported: number; unmapped: number; blank: number; too_long: number };
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

/** Turns the notes into the cards to make, per deck, by the mapping; counts what cannot become a card. */
export function planImport(collection: AnkiCollection, mapping: AnkiMapping): ImportPlan {
  checkMapping(collection, mapping);
  const plan: ImportPlan = {
    decks: new Map(),
    skipped: { cloze: 0, unsupported: 0, unmapped: 0, blank: 0, too_long: 0 },
  };
  for (const note of collection.notes) {
    const type = collection.noteTypes.get(note.noteType);
    const m: AnkiFieldMapping | undefined =
      type && !type.cloze && Object.hasOwn(mapping, type.id) ? mapping[type.id] : undefined;
    if (!type || type.cloze) plan.skipped[type?.cloze ? 'cloze' : 'unsupported'] += 1;
    else if (type.fields.length < 2) plan.skipped.unsupported += 1;
    else if (!m) plan.skipped.unmapped += 1;
    if (!type || type.cloze || type.fields.length < 2 || !m) continue;
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
    const deckId = note.deck ?? '1';
    const deck = plan.decks.get(deckId) ?? { name: collection.decks.get(deckId) ?? 'Anki', cards: [] };
    plan.decks.set(deckId, deck);
    deck.cards.push({
      ...texts,
      picture: content.flatMap((f) => f?.pictures ?? [])[0] ?? null,
      sounds: content.flatMap((f) => f?.sounds ?? []),
    });
  }
  return plan;
}
