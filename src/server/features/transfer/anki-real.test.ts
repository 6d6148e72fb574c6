import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ankiImportResultSchema, ankiPreviewSchema, type AnkiPreview } from '@shared/schemas/transfer';
import { buildApkg, noteTypeId, sendPackage, zipFiles } from '../../testing/apkg-fixture';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { librarySnapshot } from '../../testing/images';
import { proposeMapping } from './anki-mapping';
import { deckTitle } from './anki-text';

/** Packages exported by Anki itself (src/server/testing/fixtures/anki/README.md says where each came from). */
const FIXTURES = path.join(__dirname, '../../testing/fixtures/anki');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('anki-real-a');
  b = await t.user('anki-real-b');
});
afterAll(() => t.close());

async function preview(agent: Agent, apkg: Buffer): Promise<AnkiPreview> {
  const res = await sendPackage(agent, apkg, { dry_run: 'true' });
  expect(res.status, res.text).toBe(200);
  return ankiPreviewSchema.strict().parse(res.body);
}

describe('packages exported by Anki', () => {
  const cases = [
    {
      file: 'anki21b-example-deck.apkg',
      format: 'anki21b',
      notes: 4,
      decks: [['Example Deck', 4]],
      // Front holds the Spanish, Back the English: told from the words, not the field names.
      mapping: { en: 1, es: 0 },
      first: ['Hi', 'Hola'],
      cards: 4,
    },
    {
      file: 'anki21b-newly-learned-words.apkg',
      format: 'anki21b',
      notes: 19,
      decks: [['Newly learned words', 19]],
      mapping: null,
      first: ['Insipid', 'Lacking flavor'],
      cards: 19,
    },
    {
      file: 'anki21-spanish-small.apkg',
      format: 'anki21',
      notes: 5,
      decks: [['espanol', 5]],
      mapping: { en: 0, es: 1 },
      first: ['do you want me to ask him', '¿Quieres que le pregunte?'],
      cards: 5,
    },
    {
      file: 'anki2-update1.apkg',
      format: 'anki2',
      notes: 1,
      decks: [['Default', 1]],
      mapping: null,
      first: ['hello', 'world'],
      cards: 1,
    },
  ] as const;

  for (const c of cases) {
    it(`${c.file}: previews its decks and notes, and imports them as cards`, async () => {
      const apkg = fixture(c.file);
      const p = await preview(a, apkg);
      expect(p.format).toBe(c.format);
      expect(p.notes).toBe(c.notes);
      expect(p.decks.map((d) => [d.name, d.notes])).toEqual(c.decks);
      const basic = p.note_types.find((n) => n.notes > 0 && n.importable)!;
      expect(basic.fields).toEqual(['Front', 'Back']);
      const proposed = p.proposed_mapping[basic.id]!;
      if (c.mapping) expect(proposed).toMatchObject(c.mapping);
      const mapping = { [basic.id]: { en: proposed.en, es: proposed.es } };
      if (!c.mapping) mapping[basic.id] = { en: 0, es: 1 };
      const res = await sendPackage(a, apkg, { mapping: JSON.stringify(mapping) });
      expect(res.status, res.text).toBe(201);
      const result = ankiImportResultSchema.strict().parse(res.body);
      expect(result.cards).toBe(c.cards);
      expect(result.decks.map((d) => [d.title, d.card_count])).toEqual(c.decks);
      const cards = (await a.get(`/api/decks/${result.decks[0]!.id}`)).body.cards as { en: string; es: string }[];
      expect([cards[0]!.en, cards[0]!.es]).toEqual(c.first);
      expect(JSON.stringify(cards)).not.toMatch(/Please update|&nbsp;|<[a-z]/);
    });
  }

  it('anki21b-image-test.apkg: reads the protobuf media list and the zstd-compressed photos', async () => {
    const apkg = fixture('anki21b-image-test.apkg');
    const p = await preview(a, apkg);
    expect(p).toMatchObject({ format: 'anki21b', notes: 2, media: { pictures: 2, sounds: 0 } });
    const basic = p.note_types.find((n) => n.notes > 0)!;
    expect(basic.samples.map((s) => [s.fields, s.picture])).toEqual([
      [['', 'Example'], 'Image from Facebook (10).jpg'],
      [['', 'test'], '18ee219f92b9383301587a794ab09fb6.jpg'],
    ]);
    // The fronts are only photos: English would be blank, so nothing is made, and nothing stored.
    const before = await librarySnapshot(t.db);
    const res = await sendPackage(a, apkg, { mapping: JSON.stringify({ [basic.id]: { en: 0, es: 1 } }) });
    expect(res.body).toMatchObject({ cards: 0, decks: [], skipped: { notes: { blank: 2 } } });
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('anki2-media.apkg: a sound that is not playable is reported, never failing the import', async () => {
    const apkg = fixture('anki2-media.apkg');
    const p = await preview(a, apkg);
    expect(p.media).toEqual({ pictures: 0, sounds: 1, sounds_skipped: [] });
    // Its back is empty: map the front (a sound tag only, which never shows as text) both ways round.
    const basic = p.note_types.find((n) => n.notes > 0)!;
    expect(basic.samples[0]!.fields).toEqual(['', '']);
  });
});

describe('decks', () => {
  const types = [{ name: 'Vocab', fields: ['English', 'Spanish'] }];
  const LONG = 'Level 5::Level 5.1 Hashes &amp; Salts';

  it('one deck here per Anki deck, titled "Parent › Child", entities decoded, cut within the title limit', async () => {
    expect(deckTitle(LONG)).toBe('Level 5 › Level 5.1 Hashes & S');
    expect(deckTitle('Animales 🐈‍⬛🐈‍⬛🐈‍⬛🐈‍⬛🐈‍⬛🐈‍⬛')).toBe('Animales 🐈‍⬛🐈‍⬛🐈‍⬛🐈‍⬛🐈‍⬛');
    const apkg = await buildApkg({
      format: 'anki21b',
      noteTypes: types,
      notes: [
        { type: 'Vocab', deck: 'Default::Spanish::Voc', fields: ['cat', 'gato'] },
        { type: 'Vocab', deck: 'Default::Spanish::Verbs', fields: ['to eat', 'comer'] },
        { type: 'Vocab', deck: LONG, fields: ['salt', 'sal'] },
        { type: 'Vocab', deck: 'Default::Spanish::Voc', fields: ['dog', 'perro'] },
      ],
    });
    const p = await preview(a, apkg);
    expect(p.decks.map((d) => [d.name, d.notes])).toEqual([
      ['Default › Spanish › Voc', 2],
      ['Default › Spanish › Verbs', 1],
      ['Level 5 › Level 5.1 Hashes & S', 1],
    ]);
    const res = await sendPackage(a, apkg, { mapping: JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } }) });
    expect(res.body.decks.map((d: { title: string; card_count: number }) => [d.title, d.card_count])).toEqual(
      p.decks.map((d) => [d.name, d.notes]),
    );
  });

  it('imports only the decks ticked; an unknown or malformed selection is a 400 naming it, storing nothing', async () => {
    const apkg = await buildApkg({
      format: 'anki2',
      noteTypes: types,
      notes: [
        { type: 'Vocab', deck: 'Animals', fields: ['cat', 'gato'] },
        { type: 'Vocab', deck: 'Food', fields: ['bread', 'pan'] },
      ],
    });
    const p = await preview(a, apkg);
    const food = p.decks.find((d) => d.name === 'Food')!;
    const mapping = JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } });
    const before = await librarySnapshot(t.db);
    for (const [decks, field] of [
      ['["1"]', 'decks.0'],
      ['nope', 'decks'],
      ['[1]', 'decks.0'],
    ]) {
      const bad = await sendPackage(a, apkg, { mapping, decks: decks! });
      expect([bad.status, bad.body.code, bad.body.fields?.[0]?.field], decks).toEqual([400, 'invalid_input', field]);
    }
    expect(await librarySnapshot(t.db)).toEqual(before);
    const res = await sendPackage(a, apkg, { mapping, decks: JSON.stringify([food.id]) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.decks.map((d: { title: string }) => d.title)).toEqual(['Food']);
    expect(res.body.skipped.notes.deck_not_selected).toBe(1);
  });

  it('a deck whose description does not read is skipped and named; the others are imported', async () => {
    const apkg = await buildApkg({
      format: 'anki21',
      noteTypes: types,
      notes: [
        { type: 'Vocab', deck: 'Animals', fields: ['cat', 'gato'] },
        { type: 'Vocab', deck: 'Broken', fields: ['bread', 'pan'] },
      ],
    });
    // Damage the "Broken" deck's description inside the package's collection.
    const damaged = await damageDeck(apkg, 'Broken');
    const p = await preview(a, damaged);
    expect(p.decks.map((d) => [d.name.startsWith('Deck ') ? 'Deck …' : d.name, d.readable])).toEqual([
      ['Animals', true],
      ['Deck …', false],
    ]);
    const res = await sendPackage(a, damaged, { mapping: JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.decks.map((d: { title: string }) => d.title)).toEqual(['Animals']);
    expect(res.body.skipped).toMatchObject({
      notes: { unreadable_deck: 1 },
      decks: [p.decks.find((d) => !d.readable)!.name],
    });
  });
});

/** The package with one deck's description in the legacy `col.decks` JSON made unreadable (its name a number). */
async function damageDeck(apkg: Buffer, name: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'damage-'));
  try {
    const yauzl = (await import('yauzl')).default;
    const zip = await yauzl.fromBufferPromise(apkg, { lazyEntries: true });
    const files: { name: string; data: Buffer }[] = [];
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const parts: Buffer[] = [];
      for await (const chunk of stream) parts.push(chunk as Buffer);
      files.push({ name: entry.fileName, data: Buffer.concat(parts) });
    }
    zip.close();
    const collection = files.find((f) => f.name === 'collection.anki21')!;
    const file = path.join(dir, 'c');
    fs.writeFileSync(file, collection.data);
    const db = new Database(file);
    const row = db.prepare('select decks from col').get() as { decks: string };
    const decks = JSON.parse(row.decks) as Record<string, { name: unknown }>;
    for (const d of Object.values(decks)) if (d.name === name) d.name = 42;
    db.prepare('update col set decks = ?').run(JSON.stringify(decks));
    db.close();
    collection.data = fs.readFileSync(file);
    return await zipFiles(files);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the proposed mapping', () => {
  const texts = (...fields: string[][]) => fields.map((t) => ({ texts: t, sounds: 0 }));

  it('reads English and Spanish field names, underscores and accents included', () => {
    expect(proposeMapping(['es_word', 'en_word'])).toMatchObject({ en: 1, es: 0 });
    expect(proposeMapping(['Inglés', 'Español'])).toMatchObject({ en: 0, es: 1 });
    expect(proposeMapping(['Spanish word', 'English meaning'])).toMatchObject({ en: 1, es: 0 });
    expect(proposeMapping(['Notes', 'es', 'en'])).toMatchObject({ en: 2, es: 1 });
    expect(proposeMapping(['Spanish', 'English', 'Spanish pronunciation'])).toMatchObject({
      en: 1,
      es: 0,
      es_pronunciation: 2,
    });
  });

  it('tells the languages from the text, and never proposes a field of numbers', () => {
    expect(
      proposeMapping(
        ['Rank', 'Front', 'Back'],
        texts(['1', '2', '3'], ['el perro', 'la casa', 'rojo'], ['the dog', 'the house', 'red']),
      ),
    ).toMatchObject({ en: 2, es: 1 });
    const numbers = proposeMapping(['Number', 'Word'], texts(['12', '13'], ['gato', 'perro']));
    expect(numbers).toBeUndefined();
  });

  it('puts a sound-only field on the side its name says, else on the front word’s side', () => {
    const sounds = [
      { texts: ['gato'], sounds: 0 },
      { texts: ['cat'], sounds: 0 },
      { texts: [''], sounds: 1 },
    ];
    expect(proposeMapping(['Spanish', 'English', 'Audio'], sounds)).toMatchObject({ es: 0, en: 1, es_audio: 2 });
    expect(proposeMapping(['Spanish', 'English', 'English sound'], sounds)).toMatchObject({ en_audio: 2 });
  });

  it("proposes the family's last mapping for the same note type again, and only to that family", async () => {
    const apkg = await buildApkg({
      format: 'anki21b',
      noteTypes: [{ name: 'Mine', fields: ['Front', 'Back', 'Extra'] }],
      notes: [{ type: 'Mine', deck: 'Words', fields: ['the cat', 'el gato', 'cat.'] }],
    });
    const id = noteTypeId(0);
    expect((await preview(a, apkg)).remembered).toEqual([]);
    const chosen = { en: 2, es: 1, en_pronunciation: null, es_pronunciation: null, en_audio: null, es_audio: null };
    const res = await sendPackage(a, apkg, { mapping: JSON.stringify({ [id]: chosen }) });
    expect(res.status, res.text).toBe(201);
    const again = await preview(a, apkg);
    expect([again.proposed_mapping[id], again.remembered]).toEqual([chosen, [id]]);
    const other = await preview(b, apkg);
    expect([other.proposed_mapping[id]?.en, other.remembered]).toEqual([0, []]);
  });
});
