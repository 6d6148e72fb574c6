import fc from 'fast-check';
import type { World } from './world';
import { WRONG_TYPES, nastyString, overlong, type FuzzRequest } from './fuzz-inputs';

/** A multipart field: text, or a file with its bytes, name and declared type. */
type Part = string | { file: Uint8Array; name: string; type: string };
type Parts = Record<string, Part>;

/** Builds the FormData anew for each send (fast-check may replay a value while shrinking). */
export function toForm(parts: Parts): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.file)], { type: v.type }), v.name);
  }
  return form;
}

/** The form as readable text, for fast-check's counterexample (a FormData prints as [object FormData]). */
function describe(parts: Parts): string {
  const shown = Object.entries(parts).map(([k, v]) => [
    k,
    typeof v === 'string'
      ? v.length > 60
        ? `${v.slice(0, 60)}… (${v.length} chars)`
        : v
      : `<file ${v.name} ${v.type} ${v.file.byteLength} B>`,
  ]);
  return JSON.stringify(Object.fromEntries(shown));
}

const text = (s: string) => new TextEncoder().encode(s);
/** Starts of real containers with nothing playable after them: each reaches the decoder and must be refused there. */
const fakeAudioHeads = [
  'RIFF\x24\x00\x00\x00WAVEfmt ',
  'OggS\x00\x02',
  '\x1aE\xdf\xa3',
  '\x00\x00\x00\x18ftypM4A ',
  'ID3\x03\x00\x00\x00\x00\x00\x00\xff\xfb',
].map((h) => Uint8Array.from(h, (ch) => ch.charCodeAt(0)));
/** Bytes no decoder recognises, whatever the name and type claim. */
const garbage = fc
  .uint8Array({ minLength: 0, maxLength: 2048 })
  .map((b) => new Uint8Array([...text('NOT A PICTURE '), ...b]));
const badIds = [
  '',
  '../',
  '%00',
  '\u0000',
  '1e3',
  '-1',
  '0',
  '01',
  '1.5',
  ' 1',
  '１',
  '99999999999',
  '2147483648',
  'null',
  '[1]',
];
const blank = fc.constantFrom('', ' ', '\t\n', '\u00A0', '\u3000 ');

/**
 * Bad card forms for POST /api/cards (or PUT /api/cards/{id} with `update`): bad or missing fields,
 * files where text belongs and text where files belong, non-pictures, broken multipart bodies and
 * wrong content types. Extra fields ride along on every form.
 */
export function cardRequests(update: boolean, w: World): fc.Arbitrary<FuzzRequest> {
  const valid: Parts = update ? { en: 'one', es: 'uno' } : { deck_id: String(w.deck), en: 'one', es: 'uno' };
  const extras = fc.dictionary(
    fc.constantFrom('user_id', 'id', 'is_imported', 'front_image_key', 'x', '__proto__', 'deck_id[]', 'en[]'),
    nastyString(20),
    { maxKeys: 3 },
  );
  const textFields = ['en', 'es', 'en_pronunciation', 'es_pronunciation'];
  const form = (kind: string, sure: boolean) => (parts: Parts) => ({
    kind: `${kind} ${describe(parts)}`,
    sure,
    headers: {},
    body: toForm(parts),
  });
  const withExtras = (change: fc.Arbitrary<Parts>, drop: string[] = []) =>
    fc.tuple(extras, change).map(([ex, ch]) => {
      const parts: Parts = { ...ex, ...valid, ...ch };
      for (const k of drop) delete parts[k];
      return parts;
    });
  const raw = (kind: string, type: string, body: string): FuzzRequest => ({
    kind,
    sure: true,
    headers: { 'content-type': type },
    body,
  });

  const choices: fc.Arbitrary<FuzzRequest>[] = [
    fc
      .constantFrom('en', 'es')
      .chain((k) => withExtras(fc.constant({}), [k]))
      .map(form('missing text', true)),
    fc
      .tuple(fc.constantFrom('en', 'es'), blank)
      .chain(([k, v]) => withExtras(fc.constant({ [k]: v })))
      .map(form('blank text', true)),
    fc
      .tuple(fc.constantFrom(...textFields), overlong(500))
      .chain(([k, v]) => withExtras(fc.constant({ [k]: v })))
      .map(form('overlong text', true)),
    fc
      .constantFrom('en', 'es')
      .chain((k) => withExtras(fc.constant({ [k]: { file: text('one'), name: 'en.txt', type: 'text/plain' } })))
      .map(form('file for text', true)),
    fc
      .tuple(fc.constantFrom('front_image', 'back_image', 'en_audio', 'es_audio'), nastyString(30))
      .chain(([k, v]) => withExtras(fc.constant({ [k]: `x${v}` })))
      .map(form('text for a file', true)),
    fc
      .tuple(
        fc.constantFrom('en_audio', 'es_audio'),
        fc.oneof(
          garbage,
          fc
            .tuple(fc.constantFrom(...fakeAudioHeads), fc.uint8Array({ maxLength: 512 }))
            .map(([h, b]) => new Uint8Array([...h, ...b])),
        ),
        fc.constantFrom('voice.webm', 'a.mp3', 'x.m4a', '../../x.ogg', 'rec.wav', ''),
        fc.constantFrom('audio/webm', 'audio/mpeg', 'audio/mp4', 'video/webm', ''),
      )
      .chain(([k, bytes, name, type]) => withExtras(fc.constant({ [k]: { file: bytes, name: name || 'f', type } })))
      .map(form('not a recording', true)),
    fc
      .tuple(
        garbage,
        fc.constantFrom('photo.jpg', 'a.png', '../../x.webp', 'x.svg', ''),
        fc.constantFrom('image/jpeg', 'image/png', ''),
      )
      .chain(([bytes, name, type]) =>
        withExtras(fc.constant({ front_image: { file: bytes, name: name || 'f', type } })),
      )
      .map(form('not a picture', true)),
    fc
      .constantFrom(...WRONG_TYPES.filter((t) => !t.startsWith('multipart')))
      .map((type) => raw(`content type "${type}"`, type, 'deck_id=1&en=one&es=uno')),
    fc.constant(raw('JSON to a form route', 'application/json', JSON.stringify(valid))),
    fc
      .constantFrom(
        '--A\r\nContent-Disposition: form-data; name="en"\r\n\r\none',
        '--B\r\nContent-Disposition: form-data; name="en"\r\n\r\none\r\n--B--\r\n',
        '--A\r\nContent-Disposition: form-data\r\n\r\none\r\n--A--\r\n',
        '--A\r\nContent-Disposition: form-data; name="front_image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
        '--A--',
        '',
        'garbage',
      )
      .map((body) => raw('broken multipart', 'multipart/form-data; boundary=A', body)),
    fc.constant(raw('multipart without boundary', 'multipart/form-data', 'en=one')),
    fc
      .tuple(fc.constantFrom('en', 'es'), nastyString(40))
      .chain(([k, v]) => withExtras(fc.constant({ [k]: v })))
      .map(form('unicode', false)),
  ];
  if (update) {
    choices.push(
      fc
        .constantFrom('yes', '1', 'TRUE', 'on', '', ' true')
        .chain((v) => withExtras(fc.constant({ remove_image: v })))
        .map(form('bad remove_image', true)),
      withExtras(
        fc.constant({ remove_image: 'true', front_image: { file: text('x'), name: 'a.jpg', type: 'image/jpeg' } }),
      ).map(form('remove_image with a file', true)),
      fc
        .tuple(fc.constantFrom('remove_en_audio', 'remove_es_audio'), fc.constantFrom('yes', '1', 'TRUE', 'on', ''))
        .chain(([k, v]) => withExtras(fc.constant({ [k]: v })))
        .map(form('bad remove_*_audio', true)),
      fc
        .constantFrom('en', 'es')
        .chain((side) =>
          withExtras(
            fc.constant({
              [`remove_${side}_audio`]: 'true',
              [`${side}_audio`]: { file: text('x'), name: 'a.webm', type: 'audio/webm' },
            }),
          ),
        )
        .map(form('remove_*_audio with a file', true)),
    );
  } else {
    choices.push(
      fc
        .constantFrom(...badIds)
        .chain((v) => withExtras(fc.constant({ deck_id: v })))
        .map(form('bad deck_id', true)),
      withExtras(fc.constant({}), ['deck_id']).map(form('missing deck_id', true)),
    );
  }
  return fc.oneof(...choices);
}

/** Text that has broken servers before (NUL above all, which PostgreSQL cannot store), in every text field. */
export function cardExamples(update: boolean, w: World): [FuzzRequest][] {
  const valid: Parts = update ? { en: 'one', es: 'uno' } : { deck_id: String(w.deck), en: 'one', es: 'uno' };
  const values = ['a\u0000b', 'x\uD800', '\u202Eabc', 'a\u200Bb', '\u0007'];
  const fields = ['en', 'es', 'en_pronunciation', 'es_pronunciation', ...(update ? [] : ['deck_id'])];
  const examples = fields.flatMap((k) => values.map((v) => ({ ...valid, [k]: v })));
  examples.push({ ...valid, 'x\u0000y': 'extra field named with NUL' });
  return examples.map((parts) => [
    { kind: `unicode ${describe(parts)}`, sure: false, headers: {}, body: toForm(parts) },
  ]);
}

const MAPPINGS_REFUSED = [
  '',
  ' ',
  'not json',
  '{',
  '[]',
  '"x"',
  '1',
  'null',
  '{"x":1}',
  '{"1600000000000":{"en":"0","es":1}}',
  '{"1600000000000":{"en":0}}',
  '{"1600000000000":{"en":0,"es":99}}',
  '{"1600000000000":{"en":0,"es":0}}',
  '{"1600000000000":{"en":-1,"es":1}}',
  '{"1600000000000":{"en":0.5,"es":1}}',
  '{"999":{"en":0,"es":1}}',
  '{"__proto__":{"en":0,"es":1}}',
];

/**
 * Bad forms for POST /api/imports/anki around a valid package (`apkg`, imported by `mapping`):
 * no file or text for it, bytes that are no package, bad dry_run, background, student_id and mapping, broken
 * multipart bodies and wrong content types. Extra fields ride along.
 */
export function ankiRequests(apkg: Uint8Array, mapping: string): fc.Arbitrary<FuzzRequest> {
  const file = { file: apkg, name: 'deck.apkg', type: 'application/octet-stream' };
  const valid: Parts = { file, mapping };
  const extras = fc.dictionary(
    fc.constantFrom('user_id', 'deck_id', 'id', 'x', '__proto__', 'file[]'),
    nastyString(20),
    {
      maxKeys: 3,
    },
  );
  const form = (kind: string, sure: boolean) => (parts: Parts) => ({
    kind: `${kind} ${describe(parts)}`,
    sure,
    headers: {},
    body: toForm(parts),
  });
  const withExtras = (change: fc.Arbitrary<Parts>, drop: string[] = []) =>
    fc.tuple(extras, change).map(([ex, ch]) => {
      const parts: Parts = { ...ex, ...valid, ...ch };
      for (const k of drop) delete parts[k];
      return parts;
    });
  const raw = (kind: string, type: string, body: string): FuzzRequest => ({
    kind,
    sure: true,
    headers: { 'content-type': type },
    body,
  });
  return fc.oneof(
    withExtras(fc.constant({}), ['file']).map(form('missing file', true)),
    withExtras(fc.constant({}), ['mapping']).map(form('missing mapping', true)),
    nastyString(30)
      .chain((v) => withExtras(fc.constant({ file: `x${v}` })))
      .map(form('text for the file', true)),
    fc
      .tuple(garbage, fc.constantFrom('deck.apkg', '../../x.apkg', 'a.zip', ''))
      .chain(([bytes, name]) => withExtras(fc.constant({ file: { file: bytes, name: name || 'f', type: '' } })))
      .map(form('not a package', true)),
    fc
      .constantFrom('yes', '1', 'TRUE', 'on', '', ' true', 'false ')
      .chain((v) => withExtras(fc.constant({ dry_run: v })))
      .map(form('bad dry_run', true)),
    fc
      .constantFrom('yes', '1', 'TRUE', 'on', '', ' true', 'false ')
      .chain((v) => withExtras(fc.constant({ background: v })))
      .map(form('bad background', true)),
    fc
      .constantFrom(...badIds)
      .chain((v) => withExtras(fc.constant({ student_id: v })))
      .map(form('bad student_id', true)),
    fc
      .oneof(
        fc.constantFrom(...MAPPINGS_REFUSED),
        nastyString(40).map((v) => `{${v}`),
      )
      .chain((v) => withExtras(fc.constant({ mapping: v })))
      .map(form('bad mapping', true)),
    fc
      .constantFrom(...WRONG_TYPES.filter((t) => !t.startsWith('multipart')))
      .map((type) => raw(`content type "${type}"`, type, 'dry_run=true')),
    fc
      .constantFrom(
        '--A\r\nContent-Disposition: form-data; name="file"; filename="a.apkg"\r\n\r\nPK',
        '--A\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{}\r\n--A--\r\n',
        '--A--',
        '',
        'garbage',
      )
      .map((body) => raw('broken multipart', 'multipart/form-data; boundary=A', body)),
    nastyString(40)
      .chain((v) => withExtras(fc.constant({ mapping: JSON.stringify({ [v]: { en: 0, es: 1 } }) })))
      .map(form('unicode note type id', true)),
    fc
      .oneof(
        fc.constantFrom('', '{}', '[1]', '["1"]', '[null]', '"1650000000000"', '[["1650000000000"]]'),
        nastyString(40).map((v) => `[${v}`),
        nastyString(20).map((v) => JSON.stringify([v])),
      )
      .chain((v) => withExtras(fc.constant({ decks: v })))
      .map(form('bad decks', true)),
  );
}

/** NUL and other text that has broken servers before, in every text field of the import form. */
export function ankiExamples(apkg: Uint8Array, mapping: string): [FuzzRequest][] {
  const file = { file: apkg, name: 'deck.apkg', type: 'application/octet-stream' };
  const values = ['a\u0000b', 'x\uD800', '\u202Eabc', '\u0007'];
  const examples: Parts[] = ['dry_run', 'student_id', 'mapping', 'decks', 'background'].flatMap((k) =>
    values.map((v) => ({ file, mapping, [k]: v })),
  );
  examples.push({ file, mapping, 'x\u0000y': 'extra field named with NUL' });
  return examples.map((parts) => [
    { kind: `unicode ${describe(parts)}`, sure: true, headers: {}, body: toForm(parts) },
  ]);
}
