import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKI_MEDIA_FILES_MAX, ANKI_NOTES_MAX, ANKI_PACKAGE_MAX_BYTES } from '@shared/constants';
import {
  buildApkg,
  claimSize,
  noteTypeId,
  renameInZip,
  sendPackage,
  zipFiles,
  zstd,
  type ApkgSpec,
  type ZipFileSpec,
} from '../../testing/apkg-fixture';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { librarySnapshot, makePng } from '../../testing/images';
import { expectApiError } from '../../testing/world';

/**
 * Hostile packages, built here: each is refused with a clear `{ error, code }`, leaves no row and
 * no temp file behind, and the server stays up. Both the dry run and the real import are tried.
 */

let t: TestApp;
let a: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('hostile');
});
afterAll(() => t.close());

const small: ApkgSpec = {
  format: 'anki2',
  noteTypes: [{ name: 'Basic', fields: ['Front', 'Back'] }],
  notes: [{ type: 'Basic', deck: 'Words', fields: ['cat', 'gato'] }],
};
const mapping = JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } });
const zeros = (n: number) => Buffer.alloc(n);
/** A zstd frame asking for a 1 GiB window, with one raw block of one byte (RFC 8878 §3.1.1). */
const windowBomb = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 20 << 3, 0x09, 0x00, 0x00, 0x41]);

const HOSTILE: [string, () => Promise<Buffer>, number, string][] = [
  ['a PNG, not a zip', () => makePng(10, 10), 415, 'not_a_package'],
  ['text with a .apkg name', async () => Buffer.from('hello'.repeat(100)), 415, 'not_a_package'],
  ['a zip without a collection', () => zipFiles([{ name: 'media', data: Buffer.from('{}') }]), 400, 'corrupt_package'],
  [
    'a zip bomb by ratio (honest headers)',
    () => zipFiles([{ name: 'collection.anki2', data: zeros(30 * 1024 * 1024) }]),
    413,
    'zip_bomb',
  ],
  [
    'a zip bomb whose header claims a small size (caught while inflating)',
    async () =>
      claimSize(
        await zipFiles([{ name: 'collection.anki2', data: zeros(30 * 1024 * 1024) }]),
        'collection.anki2',
        5000,
      ),
    413,
    'zip_bomb',
  ],
  [
    'a zstd bomb in a current package (caught while decoding)',
    async () =>
      zipFiles([
        { name: 'meta', data: Buffer.from([0x08, 0x03]), compress: false },
        { name: 'collection.anki21b', data: await zstd(zeros(40 * 1024 * 1024)), compress: false },
      ]),
    413,
    'zip_bomb',
  ],
  [
    'a zstd frame asking for a 1 GiB window',
    () =>
      zipFiles([
        { name: 'meta', data: Buffer.from([0x08, 0x03]), compress: false },
        { name: 'collection.anki21b', data: windowBomb, compress: false },
      ]),
    413,
    'zip_bomb',
  ],
  [
    `more than ${ANKI_MEDIA_FILES_MAX} files`,
    async () =>
      zipFiles([
        { name: 'collection.anki2', data: Buffer.from('x') },
        ...Array.from({ length: ANKI_MEDIA_FILES_MAX + 10 }, (_, i) => ({ name: String(i), data: Buffer.from('m') })),
      ]),
    413,
    'too_many_files',
  ],
  [
    `a media map of more than ${ANKI_MEDIA_FILES_MAX} files`,
    async () => {
      const base = await buildApkg(small);
      const map = Object.fromEntries(Array.from({ length: ANKI_MEDIA_FILES_MAX + 1 }, (_, i) => [i, `${i}.jpg`]));
      const files: ZipFileSpec[] = [{ name: 'media', data: Buffer.from(JSON.stringify(map)) }];
      const JSZip = (await import('jszip')).default;
      const zip = await JSZip.loadAsync(base);
      files.push({ name: 'collection.anki2', data: await zip.file('collection.anki2')!.async('nodebuffer') });
      return zipFiles(files);
    },
    413,
    'too_many_files',
  ],
  [
    'a path with ..',
    async () =>
      renameInZip(await zipFiles([{ name: 'zz/evil.txt', data: Buffer.from('x') }]), 'zz/evil.txt', '../evil.txt'),
    400,
    'unsafe_path',
  ],
  [
    'an absolute path',
    async () =>
      renameInZip(await zipFiles([{ name: 'zetc/passwd', data: Buffer.from('x') }]), 'zetc/passwd', '/etc/passwd'),
    400,
    'unsafe_path',
  ],
  [
    'a collection that is not SQLite',
    () => zipFiles([{ name: 'collection.anki2', data: Buffer.from('SQLite format 3\0 but not really '.repeat(200)) }]),
    400,
    'corrupt_package',
  ],
  [
    'a collection with a view where a table belongs',
    async () => {
      const JSZip = (await import('jszip')).default;
      const initSqlJs = (await import('sql.js')).default;
      const SQL = await initSqlJs();
      const zip = await JSZip.loadAsync(await buildApkg(small));
      const db = new SQL.Database(await zip.file('collection.anki2')!.async('uint8array'));
      db.exec(
        'drop table notes; create view notes as with recursive r(id, guid, mid, flds) as (select 1, 1, 1, 1 union all select id + 1, 1, 1, 1 from r) select * from r',
      );
      const bytes = Buffer.from(db.export());
      db.close();
      return zipFiles([{ name: 'collection.anki2', data: bytes }]);
    },
    400,
    'corrupt_package',
  ],
  [
    'an unknown package version (meta)',
    () => buildApkg({ ...small, format: 'anki21b', metaVersion: 9 }),
    400,
    'unknown_schema',
  ],
  ['an unknown collection schema', () => buildApkg({ ...small, colVersion: 99 }), 400, 'unknown_schema'],
  [
    `more than ${ANKI_NOTES_MAX.toLocaleString('en')} notes`,
    () =>
      buildApkg({
        ...small,
        notes: Array.from({ length: ANKI_NOTES_MAX + 1 }, (_, i) => ({
          type: 'Basic',
          deck: 'Words',
          fields: [`w${i}`, 'x'],
        })),
      }),
    413,
    'too_many_notes',
  ],
];

const tempLeft = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/imports/anki refuses hostile packages', () => {
  for (const [name, make, status, code] of HOSTILE) {
    it(`${name}: ${status} ${code}, nothing stored, no temp file left`, async () => {
      const apkg = await make();
      const before = await librarySnapshot(t.db);
      for (const fields of [{ dry_run: 'true' }, { mapping }] as Record<string, string>[]) {
        const res = await sendPackage(a, apkg, fields);
        expectApiError(res, status);
        expect(res.body.code).toBe(code);
      }
      expect(await librarySnapshot(t.db)).toEqual(before);
      expect(tempLeft()).toEqual([]);
    });
  }

  it(`refuses a package over ${ANKI_PACKAGE_MAX_BYTES / (1024 * 1024)} MB with 413`, async () => {
    const res = await sendPackage(a, Buffer.alloc(ANKI_PACKAGE_MAX_BYTES + 1, 1), { dry_run: 'true' });
    expectApiError(res, 413);
    expect(res.body.code).toBe('too_large');
  });

  it('a picture that is not one is skipped, the rest imported', async () => {
    const apkg = await buildApkg({
      ...small,
      notes: [{ type: 'Basic', deck: 'Words', fields: ['cat <img src="x.jpg">', 'gato'] }],
      media: { 'x.jpg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    });
    const res = await sendPackage(a, apkg, { mapping });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ cards: 1, pictures: 0, skipped: { pictures: 1 } });
  });

  it('the server is still up', async () => {
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
