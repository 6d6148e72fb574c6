import Database from 'better-sqlite3';
import { z } from 'zod';
import {
  ANKI_CARDS_MAX,
  ANKI_METADATA_MAX_BYTES,
  ANKI_NAME_MAX,
  ANKI_NOTE_HTML_MAX,
  ANKI_NOTES_MAX,
} from '@shared/constants';
import { ApiError } from '../../http/errors';
import { isClozeConfig } from './anki-proto';
import { packageErrors } from './anki-package';

/**
 * The parts of an Anki collection (SQLite) an import needs: decks, note types with their fields,
 * and notes with the deck of their first card. Schema 11 (legacy packages) keeps decks and note
 * types as JSON in `col`; schema 15–18 (current packages) in their own tables, deck names joined by
 * U+001F. Scheduling (cards' due dates, revlog) is never read.
 */

export interface AnkiNoteType {
  id: string;
  name: string;
  cloze: boolean;
  fields: string[];
}
export interface AnkiNote {
  noteType: string;
  fields: string[];
  /** The deck of the note's first card (its home deck when the card sits in a filtered deck). */
  deck: string | null;
  /** Longer than ANKI_NOTE_HTML_MAX: not read (`fields` is empty). */
  oversized: boolean;
}
export interface AnkiCollection {
  /** Deck id → "Parent::Child" name, for the decks whose description reads. */
  decks: Map<string, string>;
  noteTypes: Map<string, AnkiNoteType>;
  noteCount: number;
  /**
   * The notes, in id order, read from the file one at a time (a package of large notes is never
   * held in memory whole). A row that does not read throws the package's `corrupt_package`.
   */
  notes(): Iterable<AnkiNote>;
  /** Closes the file; the caller then removes it. */
  close(): void;
}

const tooMany = (what: string, max: number) =>
  new ApiError(413, 'too_many_notes', `The package holds more than ${max.toLocaleString('en')} ${what}`);

/** Anki's ids: integers (millisecond timestamps), kept as text. */
const ankiId = z.string().regex(/^-?[0-9]{1,19}$/);
const legacyModels = z.record(
  ankiId,
  z.object({
    name: z.string(),
    type: z.coerce.number().optional(),
    flds: z.array(z.object({ name: z.string(), ord: z.number().nullish() })),
  }),
);
const legacyDecks = z.record(ankiId, z.unknown());
/** One deck's description; a deck whose description does not read is left out (its notes are reported, not imported). */
const legacyDeck = z.object({ name: z.string().min(1) });

function legacyMetadata(db: Database.Database) {
  const row = db.prepare('select models, decks from col limit 1').get() as { models: unknown; decks: unknown };
  if (typeof row?.models !== 'string' || typeof row.decks !== 'string') throw packageErrors.corrupt();
  const models = legacyModels.safeParse(JSON.parse(row.models));
  const decks = legacyDecks.safeParse(JSON.parse(row.decks));
  if (!models.success || !decks.success) throw packageErrors.corrupt('The collection describes its decks oddly');
  const noteTypes = new Map<string, AnkiNoteType>();
  for (const [id, m] of Object.entries(models.data)) {
    const fields = [...m.flds].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0)).map((f) => f.name);
    noteTypes.set(id, { id, name: m.name, cloze: m.type === 1, fields });
  }
  const deckNames = new Map<string, string>();
  for (const [id, d] of Object.entries(decks.data)) {
    const deck = legacyDeck.safeParse(d);
    if (deck.success) deckNames.set(id, deck.data.name);
  }
  return { noteTypes, decks: deckNames };
}

function currentMetadata(db: Database.Database) {
  const noteTypes = new Map<string, AnkiNoteType>();
  const types = db
    .prepare(`select cast(id as text) as id, substr(name, 1, ${ANKI_NAME_MAX}) as name, config from notetypes`)
    .all() as {
    id: string;
    name: string;
    config: Uint8Array;
  }[];
  for (const t of types)
    noteTypes.set(t.id, { id: t.id, name: String(t.name), cloze: isClozeConfig(t.config), fields: [] });
  const fields = db
    .prepare(
      `select cast(ntid as text) as ntid, substr(name, 1, ${ANKI_NAME_MAX}) as name from fields order by ntid, ord`,
    )
    .all() as {
    ntid: string;
    name: string;
  }[];
  for (const f of fields) noteTypes.get(f.ntid)?.fields.push(String(f.name));
  const decks = db
    .prepare(`select cast(id as text) as id, substr(name, 1, ${ANKI_NAME_MAX}) as name from decks`)
    .all() as { id: string; name: unknown }[];
  const readable = decks.filter((d): d is { id: string; name: string } => typeof d.name === 'string' && d.name !== '');
  return { noteTypes, decks: new Map(readable.map((d) => [d.id, d.name.replaceAll('\u001f', '::')])) };
}

/** The tables each schema must have, as tables (a view could run any query it likes when read). */
function checkTables(db: Database.Database, names: string[]): void {
  const rows = db.prepare("select name, type from sqlite_master where type in ('table', 'view')").all() as {
    name: string;
    type: string;
  }[];
  const tables = new Set(rows.filter((r) => r.type === 'table').map((r) => r.name));
  if (!names.every((n) => tables.has(n))) throw packageErrors.corrupt('The package holds no readable collection');
}

/**
 * Anki declares its text columns `collate unicase` (its own Unicode case folding), which SQLite
 * and better-sqlite3 do not have: such a column's indexes, and the WITHOUT ROWID `fields` table
 * whole, cannot be read. Our private temp copy is made to name SQLite's `nocase` instead (only
 * comparisons would differ, and nothing here compares names in SQL). Current Anki writes the
 * clause in upper case (`COLLATE unicase`), older versions in lower case: any case is rewritten.
 */
function useKnownCollation(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const rows = db.prepare("select type, name, sql from sqlite_master where sql like '%unicase%'").all() as {
      type: string;
      name: string;
      sql: string;
    }[];
    if (rows.length === 0) return;
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    const update = db.prepare('update sqlite_master set sql = ? where type = ? and name = ?');
    for (const row of rows)
      update.run(row.sql.replace(/collate\s+"?unicase"?/gi, 'COLLATE nocase'), row.type, row.name);
    db.pragma('writable_schema = OFF');
  } finally {
    db.close();
  }
}

type Row = { id: string; mid: string; flds: unknown; oversized: number };

/**
 * Opens the collection at `file`, a temp copy the caller removes after `close()`: read-only once its
 * collation names are fixed (useKnownCollation). Throws the package's errors for anything odd.
 */
export function readCollection(file: string): AnkiCollection {
  let db: Database.Database | undefined;
  try {
    useKnownCollation(file);
    db = new Database(file, { readonly: true, fileMustExist: true });
    // Views and triggers of the file may not call functions with side effects.
    db.pragma('trusted_schema = OFF');
    checkTables(db, ['col', 'notes', 'cards']);
    const col = db.prepare('select ver, length(models) as models, length(decks) as decks from col limit 1').get() as
      { ver: number; models: number | null; decks: number | null } | undefined;
    if (!col) throw packageErrors.corrupt();
    const legacy = col.ver === 11;
    if (!legacy && !(col.ver >= 15 && col.ver <= 18)) {
      throw packageErrors.unknownSchema(`Anki collection schema ${String(col.ver)} is not supported`);
    }
    if (legacy && ((col.models ?? 0) > ANKI_METADATA_MAX_BYTES || (col.decks ?? 0) > ANKI_METADATA_MAX_BYTES)) {
      throw packageErrors.corrupt('The collection describes its note types at absurd length');
    }
    if (!legacy) checkTables(db, ['notetypes', 'fields', 'decks']);

    const counts = db
      .prepare('select (select count(*) from notes) as notes, (select count(*) from cards) as cards')
      .get() as {
      notes: number;
      cards: number;
    };
    if (counts.notes > ANKI_NOTES_MAX) throw tooMany('notes', ANKI_NOTES_MAX);
    if (counts.cards > ANKI_CARDS_MAX) throw tooMany('cards', ANKI_CARDS_MAX);

    const { noteTypes, decks } = legacy ? legacyMetadata(db) : currentMetadata(db);
    // SQLite returns the other columns of the row holding min(ord): the note's first card.
    const homes = db
      .prepare(
        'select cast(nid as text) as nid, cast(case when odid != 0 then odid else did end as text) as did, min(ord) ' +
          'from cards group by nid',
      )
      .all() as { nid: string; did: string }[];
    const deckOf = new Map(homes.map((h) => [h.nid, h.did]));
    // A note longer than ANKI_NOTE_HTML_MAX is never loaded: the thread's heap limit cannot stop one huge allocation.
    const rows = db.prepare(
      'select cast(id as text) as id, cast(mid as text) as mid, ' +
        `case when length(flds) > ${ANKI_NOTE_HTML_MAX} then null else flds end as flds, ` +
        `length(flds) > ${ANKI_NOTE_HTML_MAX} as oversized from notes order by id`,
    );
    const open = db;
    return {
      decks,
      noteTypes,
      noteCount: counts.notes,
      *notes() {
        const it = rows.iterate() as IterableIterator<Row>;
        for (;;) {
          let next: IteratorResult<Row>;
          try {
            next = it.next();
          } catch {
            throw packageErrors.corrupt('The collection in the package cannot be read');
          }
          if (next.done) return;
          const r = next.value;
          const oversized = r.oversized === 1;
          const fields = oversized ? [] : String(r.flds ?? '').split('\u001f');
          yield { noteType: r.mid, fields, deck: deckOf.get(r.id) ?? null, oversized };
        }
      },
      close: () => open.close(),
    };
  } catch (err) {
    db?.close();
    if (err instanceof ApiError) throw err;
    // Not SQLite, a damaged file, JSON that does not parse, a config that is not protobuf.
    throw packageErrors.corrupt('The collection in the package cannot be read');
  }
}
