import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Db } from '../db/database';

/** A solid-colour JPEG made for a test; `withGps` adds EXIF (camera, owner, GPS position). */
export async function makeJpeg(
  width = 640,
  height = 480,
  options: { withGps?: boolean; orientation?: number; color?: string } = {},
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: options.color ?? '#c83232' } }).jpeg();
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.withGps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9', Copyright: 'private-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 46/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 56/1',
      },
    });
  }
  return image.toBuffer();
}

/** A small PNG with transparency (a different picture from makeJpeg's). */
export function makePng(width = 200, height = 100, color = '#2e8b5780'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer();
}

/**
 * A "pixel flood": a tiny PNG whose header claims 20000 x 20000 pixels (400 megapixels), the shape of
 * files that decompress into gigabytes. Made by rewriting the IHDR chunk of a 1 x 1 PNG.
 */
export async function makePixelFloodPng(): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // Signature (8) + length (4) + 'IHDR' (4), then width and height; the CRC covers type + data.
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A valid PNG of 1 × `height` one-bit pixels: about 95 KB for 49,000,000 rows, under the pixel cap,
 * yet it took 33 s to decode before shapes were checked (the "slow picture" an attacker sends).
 */
export function makeTallPng(height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // one bit per pixel, greyscale
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(height * 2), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a HEIC photo (what iPhones take): an ISO-BMFF `ftyp` box with HEIC brands. */
export function makeHeicHeader(): Buffer {
  const ftyp = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(200, 7)]);
}

/** An SVG: a picture to a browser, but one that can carry script, so it is refused. */
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40"/></svg>',
);

export interface Upload {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

/** A multipart card form as the client sends it: the one picture as both front_image and back_image. */
export function cardForm(fields: Record<string, string | number>, picture?: Upload, back?: Upload): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  const blob = (u: Upload) => new Blob([new Uint8Array(u.bytes)], { type: u.type ?? 'image/jpeg' });
  if (picture) form.append('front_image', blob(picture), picture.name ?? 'photo.jpg');
  if (picture || back) form.append('back_image', blob(back ?? picture!), (back ?? picture)!.name ?? 'photo.jpg');
  return form;
}

/**
 * Every row of the library tables (pictures by key and size), to prove that a refused or foreign
 * request changed nothing at all.
 */
export async function librarySnapshot(db: Db) {
  const k = db.kysely;
  return {
    students: await k.selectFrom('students').selectAll().orderBy('id').execute(),
    decks: await k.selectFrom('decks').selectAll().orderBy('id').execute(),
    cards: await k.selectFrom('cards').selectAll().orderBy('id').execute(),
    images: await k.selectFrom('images').select(['id', 'family_id', 'key', 'byte_size']).orderBy('id').execute(),
    study_sessions: await k.selectFrom('study_sessions').selectAll().orderBy('id').execute(),
    card_results: await k.selectFrom('card_results').selectAll().orderBy('id').execute(),
  };
}

/** Inserts one study session and one result per card directly, for cascade tests. */
export async function insertProgress(db: Db, studentId: number, deckId: number, cardIds: number[]): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('study_sessions')
    .values({
      student_id: studentId,
      deck_id: deckId,
      cards_studied: cardIds.length,
      cards_mastered: cardIds.length,
      cards_not_mastered: 0,
      accuracy_percentage: 100,
      study_duration_seconds: 60,
      created_at: now,
    })
    .execute();
  for (const cardId of cardIds) {
    await db.kysely
      .insertInto('card_results')
      .values({ student_id: studentId, deck_id: deckId, card_id: cardId, is_correct: 1, created_at: now })
      .execute();
  }
}
