import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONAL_TEXT_FIELDS } from '@shared/card-fields';
import { ankiImportResultSchema, ankiPreviewSchema, type AnkiMapping } from '@shared/schemas/transfer';
import {
  buildApkg,
  DUMMY_NOTE,
  noteTypeId,
  sendPackage,
  type ApkgFormat,
  type ApkgSpec,
} from '../../testing/apkg-fixture';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { makeAudio } from '../../testing/audio';
import { librarySnapshot, makeJpeg, makePng } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
let student: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('anki-a');
  b = await t.user('anki-b');
  student = (await a.post('/api/students', { name: 'Lia' })).body.id;
});
afterAll(() => t.close());

const tempLeft = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const BASIC = noteTypeId(0);
async function spec(format: ApkgFormat): Promise<ApkgSpec> {
  return {
    format,
    noteTypes: [
      { name: 'Vocab', fields: ['English', 'Spanish', 'Spanish pronunciation'] },
      { name: 'Cloze', fields: ['Text', 'Back Extra'], cloze: true },
      { name: 'Lonely', fields: ['Front'] },
    ],
    notes: [
      {
        type: 'Vocab',
        deck: 'Spanish::Animals',
        fields: ['<b>cat</b>', 'el gato<br><img src="cat.jpg">', 'ehl GAH-toh'],
      },
      { type: 'Vocab', deck: 'Spanish::Animals', fields: ['dog', 'el perro [sound:perro.mp3]', ''] },
      {
        type: 'Vocab',
        deck: 'Spanish::Animals',
        fields: ['bird &amp; nest', '<div>el pájaro</div>[sound:largo.mp3]', ''],
      },
      { type: 'Vocab', deck: 'Food', fields: ['<img src="apple%20red.png">apple', 'la manzana', 'lah mahn-SAH-nah'] },
      { type: 'Vocab', deck: 'Food', fields: ['bread', '<img src="missing.png">', ''] },
      { type: 'Vocab', deck: 'Food', fields: ['milk <img src="notes.txt">', 'la leche', ''] },
      { type: 'Cloze', deck: 'Spanish::Animals', fields: ['{{c1::gato}} means cat', ''] },
      { type: 'Lonely', deck: 'Food', fields: ['alone'] },
    ],
    media: {
      'cat.jpg': await makeJpeg(120, 90, { withGps: true }),
      'apple red.png': await makePng(64, 48),
      'perro.mp3': await makeAudio('mp3', { seconds: 1 }),
      // Longer than a card's recording may be: skipped, the card made without it.
      'largo.mp3': await makeAudio('mp3', { seconds: 18 }),
      'notes.txt': Buffer.from('not a picture'),
    },
  };
}

describe('POST /api/imports/anki', () => {
  for (const format of ['anki2', 'anki21', 'anki21b'] as const) {
    describe(`a ${format} package with pictures and sounds`, () => {
      let apkg: Buffer;
      beforeAll(async () => {
        apkg = await buildApkg(await spec(format));
      });

      it('dry run: decks, note types, fields, a proposed mapping and samples; nothing stored', async () => {
        const before = await librarySnapshot(t.db);
        // Family b has imported nothing: its mapping is guessed (a's would be the one a used last).
        const res = await sendPackage(b, apkg, { dry_run: 'true' });
        expect(res.status, res.text).toBe(200);
        const preview = ankiPreviewSchema.strict().parse(res.body);
        expect(preview.format).toBe(format);
        expect(preview.notes).toBe(8);
        expect(preview.decks.map((d) => [d.name, d.anki_name, d.notes, d.readable]).sort()).toEqual([
          ['Food', 'Food', 4, true],
          ['Spanish › Animals', 'Spanish::Animals', 4, true],
        ]);
        const vocab = preview.note_types.find((n) => n.name === 'Vocab')!;
        expect(vocab).toMatchObject({
          id: BASIC,
          kind: 'standard',
          importable: true,
          fields: ['English', 'Spanish', 'Spanish pronunciation'],
          notes: 6,
        });
        expect(vocab.samples[0]).toEqual({ fields: ['cat', 'el gato', 'ehl GAH-toh'], picture: 'cat.jpg', sounds: 0 });
        expect(vocab.samples[1]).toMatchObject({ fields: ['dog', 'el perro', ''], sounds: 1 });
        expect(preview.note_types.find((n) => n.name === 'Cloze')).toMatchObject({ kind: 'cloze', importable: false });
        expect(preview.note_types.find((n) => n.name === 'Lonely')).toMatchObject({ importable: false });
        expect(preview.proposed_mapping).toEqual({
          [BASIC]: {
            ...Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((f) => [f, null])),
            en: 0,
            es: 1,
            es_pronunciation: 2,
            en_audio: null,
            es_audio: null,
          },
        });
        expect(preview.media).toEqual({ pictures: 4, sounds: 2, sounds_skipped: [] });
        expect(JSON.stringify(preview)).not.toContain('Please update');
        expect(await librarySnapshot(t.db)).toEqual(before);
        expect(tempLeft()).toEqual([]);
      });

      it('imports one deck per Anki deck and one card per note, with re-encoded pictures', async () => {
        const mapping: AnkiMapping = { [BASIC]: { en: 0, es: 1, es_pronunciation: 2 } };
        const res = await sendPackage(a, apkg, { student_id: String(student), mapping: JSON.stringify(mapping) });
        expect(res.status, res.text).toBe(201);
        const result = ankiImportResultSchema.strict().parse(res.body);
        expect(result.decks.map((d) => [d.title, d.subtitle, d.student_id, d.card_count, d.is_imported])).toEqual([
          ['Spanish › Animals', null, student, 3, false],
          ['Food', null, student, 2, false],
        ]);
        expect(result).toMatchObject({
          cards: 5,
          pictures: 2,
          // The dog's sound became its Spanish audio; the bird's is longer than a recording may be.
          sounds: 1,
          // "bread" has only a (missing) picture as its Spanish; milk's picture is a text file.
          skipped: {
            notes: { cloze: 1, unsupported: 1, unmapped: 0, blank: 1, too_long: 0, deck_not_selected: 0 },
            decks: [],
            sounds: 1,
            pictures: 1,
          },
        });
        const animals = (await a.get(`/api/decks/${result.decks[0]!.id}`)).body.cards;
        const food = (await a.get(`/api/decks/${result.decks[1]!.id}`)).body.cards;
        const text = (cards: Record<string, unknown>[]) =>
          cards.map((c) => [
            c.en,
            c.es,
            c.en_pronunciation,
            c.es_pronunciation,
            Boolean(c.front_image_key),
            Boolean(c.en_audio_key),
            Boolean(c.es_audio_key),
          ]);
        expect(text(animals)).toEqual([
          ['cat', 'el gato', null, 'ehl GAH-toh', true, false, false],
          ['dog', 'el perro', null, null, false, false, true],
          ['bird & nest', 'el pájaro', null, null, false, false, false],
        ]);
        expect(text(food)).toEqual([
          ['apple', 'la manzana', null, 'lah mahn-SAH-nah', true, false, false],
          ['milk', 'la leche', null, null, false, false, false],
        ]);
        // The sound went through the audio pipeline: MP3, served to its owner only.
        const audio = await a.request('GET', `/api/audio/${animals[1].es_audio_key as string}`);
        expect([audio.status, audio.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);
        expect((await b.get(`/api/audio/${animals[1].es_audio_key as string}`)).status).toBe(404);
        // The picture was re-encoded: WebP, no camera metadata, served to its owner only.
        const key = animals[0].front_image_key as string;
        expect(animals[0].back_image_key).toBe(key);
        const picture = await a.request('GET', `/api/images/${key}`);
        expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
        expect((await b.get(`/api/images/${key}`)).status).toBe(404);
        expect(JSON.stringify(food)).not.toContain(DUMMY_NOTE);
        expect(tempLeft()).toEqual([]);
      });
    });
  }

  it('without student_id the decks are shared (no student)', async () => {
    const apkg = await buildApkg(await spec('anki21b'));
    const res = await sendPackage(a, apkg, { mapping: JSON.stringify({ [BASIC]: { en: 0, es: 1 } }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.decks.map((d: { student_id: number | null }) => d.student_id)).toEqual([null, null]);
  });

  it('skips note types the mapping leaves out, and counts them', async () => {
    const apkg = await buildApkg(await spec('anki2'));
    const res = await sendPackage(a, apkg, { mapping: '{}' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      decks: [],
      cards: 0,
      skipped: { notes: { unmapped: 6, cloze: 1, unsupported: 1 } },
    });
  });

  it('refuses a missing or bad mapping with 400 naming it, storing nothing', async () => {
    const apkg = await buildApkg(await spec('anki21'));
    const before = await librarySnapshot(t.db);
    const cases: [Record<string, string>, string][] = [
      [{}, 'mapping'],
      [{ mapping: 'not json' }, 'mapping'],
      [{ mapping: JSON.stringify({ [BASIC]: { en: 0 } }) }, `mapping.${BASIC}.es`],
      [{ mapping: JSON.stringify({ '123': { en: 0, es: 1 } }) }, 'mapping.123'],
      [{ mapping: JSON.stringify({ [BASIC]: { en: 0, es: 7 } }) }, `mapping.${BASIC}.es`],
      [{ mapping: JSON.stringify({ [BASIC]: { en: 1, es: 1 } }) }, `mapping.${BASIC}.es`],
      [{ mapping: JSON.stringify({ [BASIC]: { en: -1, es: 1 } }) }, `mapping.${BASIC}.en`],
      [{ mapping: '{}', dry_run: 'yes' }, 'dry_run'],
      [{ mapping: '{}', student_id: 'abc' }, 'student_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await sendPackage(a, apkg, fields);
      expect([res.status, res.body.code, res.body.fields?.[0]?.field], JSON.stringify(fields)).toEqual([
        400,
        'invalid_input',
        field,
      ]);
    }
    const form = new FormData();
    form.append('mapping', '{}');
    const noFile = await a.form('POST', '/api/imports/anki', form);
    expect([noFile.status, noFile.body.fields?.[0]?.field]).toEqual([400, 'file']);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it("answers 404 for another family's student, storing nothing", async () => {
    const apkg = await buildApkg(await spec('anki2'));
    const before = await librarySnapshot(t.db);
    const res = await sendPackage(b, apkg, { student_id: String(student), mapping: '{}' });
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});
