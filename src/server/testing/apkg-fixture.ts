import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { init as initZstd, compress as zstdCompress } from '@bokuweb/zstd-wasm';
import Database from 'better-sqlite3';
import protobuf from 'protobufjs';
import yazl from 'yazl';
import type { Agent } from './harness';

/**
 * Anki packages built at test time, in the three collection formats Anki has written: legacy
 * `collection.anki2` (Anki 2.0), `collection.anki21` (2.1, next to a dummy `collection.anki2`),
 * and current `collection.anki21b` (2.1.50+: a `meta` file, schema 18 tables, zstd everywhere, a
 * protobuf media map). Written from Anki's sources (rslib storage/schema11.sql,
 * upgrades/schema15_upgrade.sql, import_export/package/colpkg/export.rs, proto/anki/*.proto), with
 * its own protobuf definitions so that the importer's are checked, not copied.
 */

export type ApkgFormat = 'anki2' | 'anki21' | 'anki21b';
export interface FixtureNoteType {
  name: string;
  fields: string[];
  cloze?: boolean;
}
export interface FixtureNote {
  type: string;
  /** "Parent::Child" */
  deck: string;
  fields: string[];
}
export interface ApkgSpec {
  format: ApkgFormat;
  noteTypes: FixtureNoteType[];
  notes: FixtureNote[];
  /** Media files by name (pictures, sounds). */
  media?: Record<string, Uint8Array>;
  /** Hostile variants: another `meta` version, another schema version in `col`. */
  metaVersion?: number;
  colVersion?: number;
}

const PROTO = protobuf.parse(`
syntax = "proto3";
message Meta { int32 version = 1; }
message Entries { message Entry { string name = 1; uint32 size = 2; bytes sha1 = 3; } repeated Entry entries = 1; }
message NotetypeConfig { int32 kind = 1; uint32 sort_field_idx = 2; string css = 3; }
`).root;
const Meta = PROTO.lookupType('Meta');
const Entries = PROTO.lookupType('Entries');
const NotetypeConfig = PROTO.lookupType('NotetypeConfig');

let zstdReady: Promise<void> | undefined;
/** zstd as Anki writes it (level 3, the library's default). */
export async function zstd(data: Uint8Array): Promise<Buffer> {
  await (zstdReady ??= initZstd());
  return Buffer.from(zstdCompress(Buffer.from(data), 3));
}

/** The stable ids the fixtures use: Anki's are millisecond timestamps. */
export const noteTypeId = (index: number) => String(1_600_000_000_000 + index);
const deckId = (index: number) => 1_650_000_000_000 + index;

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
create index ix_cards_nid on cards (nid);
`;
// Schema 15's tables; "collate nocase" becomes Anki's "COLLATE unicase" below, upper case as in real files.
const SCHEMA_18 = `
create table fields (ntid integer not null, ord integer not null, name text not null collate nocase,
  config blob not null, primary key (ntid, ord)) without rowid;
create unique index idx_fields_name_ntid on fields (name, ntid);
create table templates (ntid integer not null, ord integer not null, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null, primary key (ntid, ord)) without rowid;
create table notetypes (id integer not null primary key, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null);
create unique index idx_notetypes_name on notetypes (name);
create table decks (name text not null primary key collate nocase, id integer not null, mtime_secs integer not null,
  usn integer not null, common blob not null, kind blob not null);
create unique index idx_decks_id on decks (id);
`;

interface Collection {
  noteTypes: FixtureNoteType[];
  notes: FixtureNote[];
  decks: string[];
}

function writeCollection(file: string, c: Collection, schema: 11 | 18, colVersion?: number): void {
  const db = new Database(file);
  try {
    db.exec(SCHEMA_11);
    const deckIds = new Map(c.decks.map((name, i) => [name, deckId(i)]));
    const typeIds = new Map(c.noteTypes.map((t, i) => [t.name, noteTypeId(i)]));
    let models = '{}';
    let decks = '{}';
    if (schema === 11) {
      models = JSON.stringify(
        Object.fromEntries(
          c.noteTypes.map((t, i) => [
            noteTypeId(i),
            {
              id: noteTypeId(i),
              name: t.name,
              type: t.cloze ? 1 : 0,
              mod: 0,
              usn: 0,
              sortf: 0,
              did: null,
              css: '',
              tmpls: [{ name: 'Card 1', ord: 0, qfmt: `{{${t.fields[0]}}}`, afmt: '' }],
              flds: t.fields.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20 })),
            },
          ]),
        ),
      );
      decks = JSON.stringify({
        1: { id: 1, name: 'Default', dyn: 0 },
        ...Object.fromEntries(c.decks.map((name) => [deckIds.get(name), { id: deckIds.get(name), name, dyn: 0 }])),
      });
    } else {
      db.exec(SCHEMA_18);
      c.noteTypes.forEach((t, i) => {
        const config = NotetypeConfig.encode({ kind: t.cloze ? 1 : 0, css: '.card {}' }).finish();
        db.prepare('insert into notetypes values (?, ?, 0, 0, ?)').run(BigInt(noteTypeId(i)), t.name, config);
        t.fields.forEach((name, ord) =>
          db.prepare('insert into fields values (?, ?, ?, ?)').run(BigInt(noteTypeId(i)), ord, name, Buffer.alloc(0)),
        );
      });
      const insertDeck = db.prepare('insert into decks values (?, ?, 0, 0, ?, ?)');
      insertDeck.run('Default', 1, Buffer.alloc(0), Buffer.alloc(0));
      for (const [name, id] of deckIds)
        insertDeck.run(name.replaceAll('::', '\u001f'), id, Buffer.alloc(0), Buffer.alloc(0));
      db.unsafeMode(true);
      db.pragma('writable_schema = ON');
      db.exec("update sqlite_master set sql = replace(sql, 'collate nocase', 'COLLATE unicase')");
      db.pragma('writable_schema = OFF');
      db.unsafeMode(false);
    }
    db.prepare("insert into col values (1, 0, 0, 0, ?, 0, 0, 0, '{}', ?, ?, '{}', '{}')").run(
      colVersion ?? schema,
      models,
      decks,
    );
    const note = db.prepare("insert into notes values (?, ?, ?, 0, 0, '', ?, ?, 0, 0, '')");
    const card = db.prepare("insert into cards values (?, ?, ?, 0, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    db.transaction(() =>
      c.notes.forEach((n, i) => {
        const id = 1_700_000_000_000 + i;
        // The sort field as Anki stores it: the first field's text, markup stripped.
        const sortField = (n.fields[0] ?? '').replace(/<[^>]*>/g, '');
        note.run(id, `guid${i}`, BigInt(typeIds.get(n.type)!), n.fields.join('\u001f'), sortField);
        card.run(id + 500_000, id, deckIds.get(n.deck) ?? 1, i);
      }),
    )();
  } finally {
    db.close();
  }
}

/** A collection file's bytes, made in a temp dir that is removed. */
function collectionBytes(c: Collection, schema: 11 | 18, colVersion?: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apkg-fixture-'));
  try {
    const file = path.join(dir, 'collection');
    writeCollection(file, c, schema, colVersion);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ZipFileSpec {
  name: string;
  data: Uint8Array;
  compress?: boolean;
}

/** A zip of the files, in order (yazl). */
export async function zipFiles(files: ZipFileSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(Buffer.from(f.data), f.name, { compress: f.compress ?? true });
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The note Anki puts in the dummy collection.anki2 of newer packages, so old Anki versions show a hint. */
export const DUMMY_NOTE = 'Please update to the latest Anki version, then import the .colpkg/.apkg file again.';
const dummyCollection = () =>
  collectionBytes(
    {
      noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
      notes: [{ type: 'Basic', deck: 'Default', fields: [DUMMY_NOTE, ''] }],
      decks: [],
    },
    11,
  );

/** An .apkg in the spec's format. */
export async function buildApkg(spec: ApkgSpec): Promise<Buffer> {
  const decks = [...new Set(spec.notes.map((n) => n.deck))].filter((d) => d !== 'Default');
  const collection = { noteTypes: spec.noteTypes, notes: spec.notes, decks };
  const media = Object.entries(spec.media ?? {});
  const files: ZipFileSpec[] = [];
  if (spec.format === 'anki21b') {
    files.push({ name: 'meta', data: Meta.encode({ version: spec.metaVersion ?? 3 }).finish(), compress: false });
    files.push({
      name: 'collection.anki21b',
      data: await zstd(collectionBytes(collection, 18, spec.colVersion)),
      compress: false,
    });
    files.push({ name: 'collection.anki2', data: dummyCollection(), compress: false });
    const entries = media.map(([name, data]) => ({ name, size: data.length, sha1: Buffer.alloc(20) }));
    files.push({ name: 'media', data: await zstd(Entries.encode({ entries }).finish()), compress: false });
    for (const [i, [, data]] of media.entries())
      files.push({ name: String(i), data: await zstd(data), compress: false });
  } else {
    const name = spec.format === 'anki21' ? 'collection.anki21' : 'collection.anki2';
    files.push({ name, data: collectionBytes(collection, 11, spec.colVersion) });
    if (spec.format === 'anki21') files.push({ name: 'collection.anki2', data: dummyCollection() });
    if (spec.metaVersion !== undefined)
      files.push({ name: 'meta', data: Meta.encode({ version: spec.metaVersion }).finish() });
    files.push({ name: 'media', data: Buffer.from(JSON.stringify(Object.fromEntries(media.map(([n], i) => [i, n])))) });
    media.forEach(([, data], i) => files.push({ name: String(i), data, compress: false }));
  }
  return zipFiles(files);
}

/** Rewrites a name inside a built zip (local header and central directory), e.g. to one yazl refuses to write. */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) Buffer.from(to).copy(out, at);
  return out;
}

/** Makes the central directory claim `size` inflated bytes for the entry: a header that lies. */
export function claimSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(0x02014b50 & 0xff); at >= 0 && at < out.length - 46; at = out.indexOf(0x50, at + 1)) {
    if (out.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(at + 28);
    if (out.subarray(at + 46, at + 46 + nameLength).toString() === name) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** The import form as the client sends it: the package as `file`, and the text fields. */
export function packageForm(apkg: Uint8Array, fields: Record<string, string | number> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(apkg)]), 'deck.apkg');
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return form;
}

/** Sends a package to POST /api/imports/anki. */
export function sendPackage(agent: Agent, apkg: Uint8Array, fields: Record<string, string> = {}) {
  return agent.form('POST', '/api/imports/anki', packageForm(apkg, fields));
}

let small: Promise<Buffer> | undefined;
/** A one-note legacy package (made once), and the mapping that imports it. */
export const smallPackage = () =>
  (small ??= buildApkg({
    format: 'anki2',
    noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
    notes: [{ type: 'Basic', deck: 'Words', fields: ['cat', 'gato'] }],
  }));
export const SMALL_PACKAGE_MAPPING = JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } });

/**
 * Notes whose front is about `kb` KB of nested HTML (divs within divs, each with a few made-up words:
 * deterministic, and varied enough to compress about as real text does, far from the zip-bomb
 * ratio), as in the packages that stalled the server when read on its event loop (issue 24).
 */
export function heavyNotes(count: number, kb: number, type = 'Basic'): FixtureNote[] {
  let seed = 24;
  const word = () => {
    let w = '';
    for (let i = 0; i < 6; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      w += String.fromCharCode(97 + (seed % 26));
    }
    return w;
  };
  return Array.from({ length: count }, (_, n) => {
    let open = '';
    let depth = 0;
    while (open.length < kb * 1024 - 6 * depth - 40) {
      open += `<div class="l${depth % 7}"><span>${word()} ${word()}</span> ${word()}`;
      depth++;
    }
    return { type, deck: 'Heavy', fields: [`${open}${'</div>'.repeat(depth)} cat ${n}`, `gato ${n}`] };
  });
}

/**
 * Notes of ten fields each holding about 95 KB of distinct `[sound:…]` references (random names, so
 * they barely compress): every field is within the limits, but the names the preview collects
 * outgrow a small reader's memory budget.
 */
export function soundHeavyNotes(count: number): { type: FixtureNoteType; notes: FixtureNote[] } {
  const fields = Array.from({ length: 10 }, (_, i) => `Field ${i}`);
  const field = () => {
    let html = '';
    while (html.length < 95_000) html += `[sound:${randomBytes(45).toString('hex')}.mp3]`;
    return html;
  };
  return {
    type: { name: 'Sounds', fields },
    notes: Array.from({ length: count }, () => ({ type: 'Sounds', deck: 'Sounds', fields: fields.map(field) })),
  };
}
