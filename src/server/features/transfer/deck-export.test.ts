import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import Papa from 'papaparse';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, restoreCell } from '@shared/card-csv';
import {
  CARD_FIELD_NAMES,
  CARD_MEDIA_FIELDS,
  CARD_TEXT_FIELDS,
  fieldOfName,
  MEDIA_FIELD_NAMES,
  TEXT_FIELD_NAMES,
  type CardField,
} from '@shared/card-fields';
import { sendPackage } from '../../testing/apkg-fixture';
import { audioCardForm, decodeAudio, makeAudio } from '../../testing/audio';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, makeJpeg, makePng } from '../../testing/images';
import { catalogueCards } from '../../testing/world';

let t: TestApp;
let a: Agent;
let b: Agent;
let deckId: number;
let importedDeck: number;

const TRICKY: Record<string, string>[] = [
  { en: 'cat', es: 'el gato', en_pronunciation: 'kat', es_pronunciation: 'ehl GAH-toh' },
  { en: 'apples, pears', es: 'manzanas, peras' },
  { en: 'the "big" one', es: 'el "grande"' },
  { en: 'two\nlines', es: 'dos\nlíneas' },
  { en: '<b>not bold</b> & co', es: 'ñandú; acción' },
  { en: '=1+1', es: '-ción' },
];
/** Cells a spreadsheet would run (OWASP "CSV Injection"), text that looks like HTML, and a quote that is text. */
const HAZARDS = ['=HYPERLINK("https://example.com","click")', '+34 600', '-1', '@SUM(A1:A2)', "'=quoted", "''@x"];
/** One card per hazard holding it in every declared text field, so that a field left out of a format fails. */
const EVERY_FIELD = [...HAZARDS, 'Tom & Jerry <b>not bold</b>'].map((hazard) =>
  Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, `${hazard} ${f}`.slice(0, CARD_TEXT_FIELDS[f].max)])),
);

beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('export-a');
  b = await t.user('export-b');
  deckId = (await a.post('/api/decks', { title: 'Año/Animals: día' })).body.id;
  await a.post(`/api/decks/${deckId}/cards/bulk`, { cards: [...TRICKY, ...EVERY_FIELD] });
  for (const [en, es, bytes] of [
    ['dog', 'el perro', await makeJpeg(80, 60, { color: '#3366aa' })],
    ['sun', 'el sol', await makePng(40, 40, '#ffcc00')],
  ] as const) {
    await a.form('POST', '/api/cards', cardForm({ deck_id: deckId, en, es }, { bytes }));
  }
  // A card with a recording on each side (different tones: two files), and one with a picture too.
  const recordings = { en: { bytes: await makeAudio('wav', { hz: 440 }), name: 'en.wav', type: 'audio/wav' } };
  const spanish = { bytes: await makeAudio('ogg-opus', { hz: 660, seconds: 2 }), name: 'es.ogg', type: 'audio/ogg' };
  await a.form(
    'POST',
    '/api/cards',
    audioCardForm({ deck_id: deckId, en: 'bird', es: 'el pájaro' }, { ...recordings, es: spanish }),
  );
  const withBoth = audioCardForm({ deck_id: deckId, en: 'moon', es: 'la luna' }, { es: spanish });
  const moon = new Blob([new Uint8Array(await makePng(30, 30, '#222222'))], { type: 'image/png' });
  for (const side of ['front_image', 'back_image']) withBoth.append(side, moon, 'moon.png');
  await a.form('POST', '/api/cards', withBoth);
  importedDeck = (
    await a.post('/api/decks', { title: 'Week 1', is_imported: true, original_deck_id: 'section-1-week-1' })
  ).body.id;
  await a.post(`/api/decks/${importedDeck}/import-cards`, { cards: catalogueCards('section-1-week-1') });
});
afterAll(() => t.close());

const exportOf = (agent: Agent, id: number, format: string) =>
  agent.request('GET', `/api/decks/${id}/export?format=${format}`);
/** The response body as bytes (the harness reads it as text). */
async function bytesOf(agent: Agent, id: number, format: string): Promise<Buffer> {
  const res = await t.app.request(`http://localhost/api/decks/${id}/export?format=${format}`, {
    headers: { cookie: agent.cookie },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
type CardRow = Record<string, string | null>;
/** Every declared text field of each card. */
const text = (cards: CardRow[]) => cards.map((c) => TEXT_FIELD_NAMES.map((f) => c[f]));

describe('GET /api/decks/{id}/export', () => {
  it('CSV: UTF-8 with a BOM, the header row, RFC 4180 quoting; papaparse reads back the same cards', async () => {
    const res = await exportOf(a, deckId, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ano-animals-dia.csv"');
    const body = await bytesOf(a, deckId, 'csv');
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = body.toString('utf8').slice(1);
    expect(csv.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(csv).toContain('"apples, pears","manzanas, peras"');
    expect(csv).toContain('"the ""big"" one","el ""grande"""');
    // Formula cells are neutralised with a leading quote, and quoted (OWASP).
    expect(csv).toContain('"\'=1+1","\'-ción"');
    expect(csv).toContain('"\'=HYPERLINK(""https://example.com"",""click"") en"');
    expect(csv).toContain("\"'''@x en\"");
    expect(csv).toContain('Tom & Jerry <b>not bold</b> en,');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const cells = parsed.data.slice(1);
    expect(cells.flat().filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    const cards = (await a.get(`/api/decks/${deckId}`)).body.cards as CardRow[];
    expect(cells.map((row) => row.map(restoreCell))).toEqual(text(cards).map((row) => row.map((v) => v ?? '')));
  });

  it('exports imported decks too, to their owner only; a bad format is a 400', async () => {
    const res = await exportOf(a, importedDeck, 'csv');
    expect(res.status).toBe(200);
    expect(res.text).toContain(catalogueCards('section-1-week-1')[0]!.en);
    expect((await exportOf(b, deckId, 'csv')).status).toBe(404);
    expect((await exportOf(b, deckId, 'apkg')).status).toBe(404);
    expect((await exportOf(a, 999_999, 'csv')).status).toBe(404);
    expect((await exportOf(a, deckId, 'xml')).status).toBe(400);
    expect((await a.request('GET', `/api/decks/${deckId}/export`)).status).toBe(400);
  });

  it(".apkg: read back with JSZip and sql.js (not the importer's yauzl and better-sqlite3)", async () => {
    const res = await exportOf(a, deckId, 'apkg');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ano-animals-dia.apkg"');
    const zip = await JSZip.loadAsync(await bytesOf(a, deckId, 'apkg'));
    // Three pictures (dog, sun, moon) and two recordings (one per tone; the Spanish one on two cards).
    expect(Object.keys(zip.files).sort()).toEqual(['0', '1', '2', '3', '4', 'collection.anki2', 'media']);
    const media = JSON.parse(await zip.file('media')!.async('string')) as Record<string, string>;
    const SQL = await initSqlJs();
    const db = new SQL.Database(await zip.file('collection.anki2')!.async('uint8array'));
    const [col] = db.exec('select ver, models, decks from col')[0]!.values as [number, string, string][];
    expect(col![0]).toBe(11);
    const models = Object.values(JSON.parse(col![1])) as { name: string; flds: { name: string }[]; tmpls: unknown[] }[];
    expect(models.map((m) => [m.name, m.flds.map((f) => f.name), m.tmpls.length])).toEqual([
      ['Basic (and reversed card)', [...TEXT_FIELD_NAMES.map((f) => CARD_TEXT_FIELDS[f].anki), 'Picture'], 2],
    ]);
    expect(Object.values(JSON.parse(col![2])).map((d) => (d as { name: string }).name)).toContain('Año/Animals: día');
    const notes = db.exec('select flds from notes order by id')[0]!.values.map((r) => String(r[0]).split('\u001f'));
    expect(notes.slice(0, 2)).toEqual(TRICKY.slice(0, 2).map((c) => [...TEXT_FIELD_NAMES.map((f) => c[f] ?? ''), '']));
    expect(notes[4]![0]).toBe('&lt;b&gt;not bold&lt;/b&gt; &amp; co');
    expect(notes[3]![0]).toBe('two<br>lines');
    expect(db.exec('select count(*) from cards')[0]!.values[0]![0]).toBe(notes.length * 2);
    // Each picture and recording is a media file named by its content hash, referenced by its note:
    // a picture as <img> in Picture, a recording as [sound:…] after its side's word (as Anki writes them).
    const cards = (await a.get(`/api/decks/${deckId}`)).body.cards as CardRow[];
    const pictures = [...new Set(cards.map((c) => c.front_image_key).filter(Boolean))].map((k) => `${k}.webp`);
    const sounds = [...new Set(cards.flatMap((c) => [c.en_audio_key, c.es_audio_key]).filter(Boolean))];
    expect(sounds).toHaveLength(2);
    expect(Object.values(media).sort()).toEqual([...pictures, ...sounds.map((k) => `${k}.mp3`)].sort());
    for (const [entry, name] of Object.entries(media)) {
      const bytes = await zip.file(entry)!.async('nodebuffer');
      expect(`${createHash('sha256').update(bytes).digest('hex')}.${name.endsWith('.mp3') ? 'mp3' : 'webp'}`).toBe(
        name,
      );
    }
    const at = (field: string) => models[0]!.flds.findIndex((f) => f.name === field);
    cards.forEach((c, i) => {
      const note = notes[i]!;
      expect(note[at('Picture')]).toBe(c.front_image_key ? `<img src="${c.front_image_key}.webp">` : '');
      for (const side of ['en', 'es'] as const) {
        const key = c[`${side}_audio_key`];
        const word = note[at(CARD_TEXT_FIELDS[side].anki)]!;
        expect(word.endsWith(`[sound:${key}.mp3]`)).toBe(Boolean(key));
      }
    });
    const bird = notes[cards.findIndex((c) => c.en === 'bird')]!;
    expect(bird.slice(0, 2)).toEqual([`bird[sound:${sounds[0]}.mp3]`, `el pájaro[sound:${sounds[1]}.mp3]`]);
    db.close();
  });

  it('round trip: export → import gives back every declared field of every card (.apkg all; CSV its text)', async () => {
    const original = (await a.get(`/api/decks/${deckId}`)).body.cards as CardRow[];
    // The deck holds every declared field somewhere, so that a field a format drops fails below.
    for (const f of CARD_FIELD_NAMES)
      expect(
        original.some((c) => c[f]),
        `no card holds ${f}`,
      ).toBe(true);
    for (const format of ['apkg', 'csv'] as const) {
      const file = await bytesOf(a, deckId, format);
      let cards: CardRow[];
      if (format === 'apkg') {
        const preview = await sendPackage(a, file, { dry_run: 'true' });
        expect(preview.status, preview.text).toBe(200);
        expect(preview.body.media.sounds_skipped).toEqual([]);
        const res = await sendPackage(a, file, { mapping: JSON.stringify(preview.body.proposed_mapping) });
        expect(res.status, res.text).toBe(201);
        expect(res.body.decks.map((d: { title: string }) => d.title)).toEqual(['Año/Animals: día']);
        expect(res.body.skipped).toEqual({
          notes: {
            cloze: 0,
            unsupported: 0,
            unmapped: 0,
            blank: 0,
            too_long: 0,
            deck_not_selected: 0,
            unreadable_deck: 0,
          },
          decks: [],
          sounds: 0,
          pictures: 0,
        });
        cards = (await a.get(`/api/decks/${res.body.decks[0].id}`)).body.cards;
      } else {
        // As the client's import does (text-import.test.ts runs the client's own reading of this file):
        // columns by their names, the neutralising quote taken off, the rows sent to cards/bulk.
        const rows = Papa.parse<Record<string, string>>(file.toString('utf8'), { header: true, skipEmptyLines: true });
        const copy = (await a.post('/api/decks', { title: 'From CSV' })).body.id;
        const res = await a.post(`/api/decks/${copy}/cards/bulk`, {
          cards: rows.data.map((r) =>
            Object.fromEntries(Object.entries(r).map(([name, cell]) => [fieldOfName(name), restoreCell(cell)])),
          ),
        });
        expect(res.status, res.text).toBe(201);
        cards = (await a.get(`/api/decks/${copy}`)).body.cards;
      }
      expect(cards).toHaveLength(original.length);
      // CSV is a table of text: it carries no pictures or recordings, only the declared text fields.
      const fields: readonly CardField[] = format === 'apkg' ? CARD_FIELD_NAMES : TEXT_FIELD_NAMES;
      for (const f of fields) expect([f, await fieldOf(f, cards)]).toEqual([f, await fieldOf(f, original)]);
      if (format === 'csv') for (const f of MEDIA_FIELD_NAMES) expect(cards.every((c) => c[f] === null)).toBe(true);
    }
  });
});

/** A recording's length to the tenth of a second, read by decoding it as a browser would. */
async function seconds(key: string): Promise<number> {
  const res = await t.app.request(`http://localhost/api/audio/${key}`, { headers: { cookie: a.cookie } });
  expect(res.status).toBe(200);
  return Math.round((await decodeAudio(new Uint8Array(await res.arrayBuffer()))).seconds * 10) / 10;
}

/**
 * One declared field of each card, as a round trip must keep it: text as is, a picture by its key
 * (the SHA-256 of the stored WebP, which an import of the same picture finds again). A recording is
 * re-encoded by the audio pipeline on import, which gives different MP3 bytes (so another key) each
 * time: it is compared by its length, which stays the same.
 */
async function fieldOf(f: CardField, cards: CardRow[]): Promise<unknown[]> {
  const kind = f in CARD_MEDIA_FIELDS ? CARD_MEDIA_FIELDS[f as keyof typeof CARD_MEDIA_FIELDS].kind : 'text';
  if (kind !== 'audio') return cards.map((c) => c[f]);
  return Promise.all(cards.map((c) => (c[f] ? seconds(c[f]) : null)));
}
