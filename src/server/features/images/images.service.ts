import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION } from '@shared/constants';
import type { AppDeps } from '../../context';
import { ApiError, notFound } from '../../http/errors';
import { imagesRepository, type StoredPicture } from './images.repository';

/** Decoded size above which an upload is refused (a "pixel flood" decompresses into gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Raster formats as sharp names them (AVIF and HEIC report 'heif'); SVG can carry script, so never. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const STORED_TYPE = 'image/webp';
const KEY_PATTERN = /^[a-f0-9]{64}$/;

export const unsupportedImage = (detail = 'The file is not a picture in a supported format') =>
  new ApiError(415, 'unsupported_image', detail);
export const imageTooLarge = () =>
  new ApiError(413, 'too_large', `The picture is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`);

/** Recognises the accepted raster formats by their first bytes, before any decoder sees the file. */
function looksLikeRaster(b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b.length < 12) return false;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true; // JPEG
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return true;
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return true; // TIFF
  return ascii(4, 8) === 'ftyp'; // HEIF/AVIF container; sharp decides whether it holds a picture
}

/**
 * Checks that `input` is a picture by its content (never its name or declared type) and re-encodes it:
 * EXIF orientation applied, fitted inside IMAGE_MAX_DIMENSION without enlarging, WebP, no metadata
 * (sharp drops EXIF/GPS/XMP unless asked to keep them). The key is the SHA-256 of the stored bytes.
 */
export async function encodePicture(input: Uint8Array): Promise<StoredPicture> {
  if (input.byteLength > IMAGE_MAX_BYTES) throw imageTooLarge();
  if (!looksLikeRaster(input)) throw unsupportedImage();
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    // failOn 'error' refuses truncated and corrupt files but tolerates harmless decoder warnings.
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
    out = await image
      .rotate()
      .resize(IMAGE_MAX_DIMENSION, IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const message = err instanceof Error ? err.message : '';
    throw unsupportedImage(
      /pixel limit/i.test(message) ? 'The picture has too many pixels' : 'The file is not a readable picture',
    );
  }
  return {
    key: createHash('sha256').update(out.data).digest('hex'),
    contentType: STORED_TYPE,
    data: out.data,
    width: out.info.width,
    height: out.info.height,
  };
}

/** Serving stored pictures to their owner. */
export function imagesService(deps: AppDeps) {
  const repo = imagesRepository(deps.db.kysely);
  return {
    /** The user's picture under `key`; anything else (a bad key, another user's picture) is a 404. */
    async get(userId: number, key: string) {
      const row = KEY_PATTERN.test(key) ? await repo.find(userId, key) : undefined;
      if (!row) throw notFound('No such picture');
      return { data: row.data, contentType: row.content_type };
    },
  };
}
