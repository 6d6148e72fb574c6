import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION } from '@shared/constants';
import { createTestApp, tableCounts, type Agent, type TestApp, type TestResponse } from '../harness';
import { cardForm, makeJpeg, makePng, type Upload } from '../images';
import { expectApiError } from '../world';

/**
 * Hostile pictures, built here: none is ever stored or served as uploaded. Each is refused (and
 * nothing changes) or stored re-encoded as WebP within 1024 px and without any metadata, served
 * as image/webp with nosniff, and never carrying script. The server stays up throughout.
 */

const SCRIPT = '<script>alert(document.cookie)</script>';
const HTML = `<!doctype html><html><body><h1>hi</h1>${SCRIPT}</body></html>`;

/** A JPEG with a comment (COM) segment right after the start marker. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const payload = Buffer.from(comment, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A PNG with a tEXt chunk (keyword + text) inserted after IHDR. */
function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const ihdrEnd = 8 + 25; // signature + IHDR (length 4, type 4, data 13, CRC 4)
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

/** A 1 x 1 PNG whose header claims width x height pixels (a "pixel flood": tiny file, gigapixels decoded). */
async function pixelFlood(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

type Outcome = 'refused' | 'clean' | 'either';
interface Attack {
  name: string;
  upload: () => Promise<Upload>;
  outcome: Outcome;
  /** Strings of the original that must not survive into the stored picture. */
  secrets?: string[];
}

const ATTACKS: Attack[] = [
  {
    name: 'an SVG carrying script',
    upload: async () => ({
      bytes: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="40" height="40">${SCRIPT}<rect width="40" height="40"/></svg>`,
      ),
      name: 'cat.svg',
      type: 'image/svg+xml',
    }),
    outcome: 'refused',
  },
  {
    name: 'an SVG named photo.jpg and declared image/jpeg',
    upload: async () => ({
      bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
      name: 'photo.jpg',
    }),
    outcome: 'refused',
  },
  {
    name: 'an HTML/JPEG polyglot (script in a COM segment and HTML after the image)',
    upload: async () => ({
      bytes: Buffer.concat([withJpegComment(await makeJpeg(64, 48, { color: '#aa3300' }), HTML), Buffer.from(HTML)]),
      name: 'photo.jpg',
    }),
    outcome: 'clean',
    secrets: ['<script', '<html'],
  },
  {
    name: 'a PNG with script in a tEXt chunk',
    upload: async () => ({
      bytes: withPngText(Buffer.from(await makePng(40, 30, '#3355aaff')), 'Comment', HTML),
      name: 'x.png',
      type: 'image/png',
    }),
    outcome: 'clean',
    secrets: ['<script'],
  },
  {
    name: 'a GIF/JavaScript polyglot',
    upload: async () => ({
      bytes: Buffer.from(`GIF89a/*\x00\x00\x00\x00*/=1;alert(1)//${SCRIPT}`, 'latin1'),
      name: 'a.gif',
      type: 'image/gif',
    }),
    outcome: 'either',
    secrets: ['<script', 'alert('],
  },
  {
    name: 'a pixel flood (PNG claiming 50000 x 50000)',
    upload: async () => ({ bytes: await pixelFlood(50_000, 50_000), name: 'tiny.png', type: 'image/png' }),
    outcome: 'refused',
  },
  {
    name: 'a truncated JPEG',
    upload: async () => {
      const jpeg = await makeJpeg(400, 300, { color: '#10a050' });
      return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg' };
    },
    outcome: 'either',
  },
  {
    name: 'text with a lying extension and content type',
    upload: async () => ({
      bytes: Buffer.from(`Just some text pretending.\n${SCRIPT}\n`.repeat(20)),
      name: 'photo.jpg',
      type: 'image/jpeg',
    }),
    outcome: 'refused',
  },
  {
    name: 'an 11 MB file',
    upload: async () => {
      const bytes = Buffer.alloc(11 * 1024 * 1024, 0x41);
      (await makeJpeg(8, 8)).copy(bytes);
      return { bytes, name: 'huge.jpg' };
    },
    outcome: 'refused',
  },
  {
    name: 'a JPEG carrying GPS EXIF',
    upload: async () => ({
      bytes: await makeJpeg(2000, 1500, { withGps: true, color: '#5050d0' }),
      name: 'holiday.jpg',
    }),
    outcome: 'clean',
    secrets: ['Secret Model 9', 'private-owner', 'TestCam'],
  },
  {
    name: 'a JPEG with an XMP packet and an ICC profile',
    upload: async () => ({
      bytes: await sharp({ create: { width: 1500, height: 900, channels: 3, background: '#884422' } })
        .withIccProfile('p3')
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>private-owner</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
        )
        .jpeg()
        .toBuffer(),
      name: 'p3.jpg',
    }),
    outcome: 'clean',
    secrets: ['private-owner', 'xmpmeta'],
  },
];

let t: TestApp;
let owner: Agent;
let deckId: number;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user('owner');
  deckId = (await owner.post('/api/decks', { title: 'Uploads' })).body.id;
  cardId = (await owner.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: 'cat', es: 'gato' }))).body.id;
});
afterAll(() => t?.close());

/** The stored picture as the browser receives it, with its headers. */
async function served(key: string) {
  const res = await t.app.request(`http://localhost/api/images/${key}`, { headers: { cookie: owner.cookie } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Checks an accepted upload: WebP, small, no metadata, served safely, nothing of the original's secrets. */
async function expectClean(res: TestResponse, attack: Attack): Promise<void> {
  const key = res.body.front_image_key as string;
  expect(key).toMatch(/^[a-f0-9]{64}$/);
  const { res: image, bytes } = await served(key);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/webp');
  expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(IMAGE_MAX_DIMENSION);
  expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
    exif: undefined,
    icc: undefined,
    xmp: undefined,
    iptc: undefined,
  });
  const row = await t.db.kysely
    .selectFrom('images')
    .select(['data', 'content_type'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  expect(row.content_type).toBe('image/webp');
  expect(Buffer.from(row.data).equals(bytes)).toBe(true);
  for (const s of ['<script', ...(attack.secrets ?? [])])
    expect(bytes.includes(Buffer.from(s, 'latin1')), s).toBe(false);
}

describe('upload attacks', () => {
  for (const attack of ATTACKS) {
    for (const route of ['POST /api/cards', 'PUT /api/cards/{id}'] as const) {
      it(`${route}: ${attack.name} is ${attack.outcome === 'either' ? 'refused or re-encoded' : attack.outcome}`, async () => {
        const upload = await attack.upload();
        // The corpus really carries what it claims to (else a "clean" result would prove nothing).
        for (const secret of attack.secrets ?? [])
          expect(Buffer.from(upload.bytes).includes(Buffer.from(secret, 'latin1'))).toBe(true);
        const before = await tableCounts(t.db);
        const cardBefore = await t.db.kysely
          .selectFrom('cards')
          .selectAll()
          .where('id', '=', cardId)
          .executeTakeFirstOrThrow();
        const res =
          route === 'POST /api/cards'
            ? await owner.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: 'pic', es: 'foto' }, upload))
            : await owner.form('PUT', `/api/cards/${cardId}`, cardForm({ en: 'cat', es: 'gato' }, upload));
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(attack.outcome, `refused with ${res.status} ${res.text}`).not.toBe('clean');
          expect([400, 413, 415]).toContain(res.status);
          expectApiError(res);
          expect(await tableCounts(t.db)).toEqual(before);
          expect(
            await t.db.kysely.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow(),
          ).toEqual(cardBefore);
        } else {
          expect(attack.outcome, 'accepted').not.toBe('refused');
          await expectClean(res, attack);
        }
        expect((await t.request('GET', '/api/health')).status).toBe(200);
      });
    }
  }

  it('refuses the 11 MB picture sent the way the client sends it (as front and back) with 413', async () => {
    const bytes = Buffer.alloc(IMAGE_MAX_BYTES + 1024 * 1024, 0x41);
    const before = await tableCounts(t.db);
    const res = await owner.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: 'pic', es: 'foto' }, { bytes }));
    expectApiError(res, 413);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('never serves a picture to anyone but its owner, and stays up', async () => {
    const res = await owner.form(
      'POST',
      '/api/cards',
      cardForm({ deck_id: deckId, en: 'pic', es: 'foto' }, { bytes: await makeJpeg(32, 32, { color: '#123123' }) }),
    );
    const key = res.body.front_image_key as string;
    const stranger = await t.user('stranger');
    expectApiError(await stranger.get(`/api/images/${key}`), 404);
    expectApiError(await t.visitor.get(`/api/images/${key}`), 401);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
