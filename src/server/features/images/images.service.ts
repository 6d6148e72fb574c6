import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  IMAGE_DECODE_BUDGET_SECONDS,
  IMAGE_DECODE_CONCURRENCY,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_DIMENSION,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_SPARE_SLOT_PIXELS,
} from '@shared/constants';
import type { FamilyId } from '../../context';
import { ApiError } from '../../http/errors';
import type { StoredMedia } from '../media';
import { createPictureQueue } from './picture-queue';

/** Raster formats as sharp names them (AVIF and HEIC report 'heif'); SVG can carry script, so never. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const STORED_TYPE = 'image/webp';
export const WEBP_QUALITY = 80;
/**
 * WebP effort (libwebp's method) for an import's many pictures: effort 0 takes 14–21 % less CPU than
 * effort 1 for 1.7 % more bytes and the same look (PSNR 39.94 against 39.96 dB over the import
 * bench’s 200 photographs), and under a third of effort 4’s (bench/README.md, anki-import).
 */
export const BATCH_WEBP_EFFORT = 0;

export const unsupportedImage = (detail = 'The file is not a picture in a supported format') =>
  new ApiError(415, 'unsupported_image', detail);
export const unsupportedHeic = () =>
  new ApiError(
    415,
    'unsupported_heic',
    'HEIC photos cannot be read here. Use a JPEG, PNG, WebP or GIF picture (on an iPhone: Settings > Camera > Formats > Most Compatible).',
  );
const imageDimensions = () =>
  new ApiError(413, 'image_dimensions', `The picture is too big: at most ${IMAGE_MAX_SIDE} pixels on each side`);
const imageTooSlow = () =>
  new ApiError(413, 'image_too_complex', 'The picture takes too long to read. Try a smaller picture.');
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

/** HEIC (HEVC-coded HEIF, what iPhones take), told by the container's brands. */
function isHeic(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, 64)).toString('latin1');
  return head.slice(4, 8) === 'ftyp' && /hei[cxms]|hev[cxms]/.test(head.slice(8));
}

// Decoding runs on libuv's thread pool: bound it, one picture at a time per user (picture-queue.ts).
const queue = createPictureQueue(IMAGE_DECODE_CONCURRENCY);

/**
 * Checks that `input` is a picture by its content (never its name or declared type) and re-encodes it:
 * EXIF orientation applied, fitted inside IMAGE_MAX_DIMENSION without enlarging, WebP, no metadata
 * (sharp drops EXIF/GPS/XMP unless asked to keep them). The key is the SHA-256 of the stored bytes.
 * Runs in `owner`'s turn of the picture queue, within IMAGE_DECODE_BUDGET_SECONDS. `batch`: one of
 * many pictures (an import's); one whose header says it is at most IMAGE_SPARE_SLOT_PIXELS may also
 * use a slot no one else is waiting for, beside the owner's other pictures.
 */
export async function encodePicture(
  owner: FamilyId,
  input: Uint8Array,
  { batch = false }: { batch?: boolean } = {},
): Promise<StoredMedia<'image'>> {
  if (input.byteLength > IMAGE_MAX_BYTES) throw imageTooLarge();
  if (!looksLikeRaster(input)) throw unsupportedImage();
  let spare = false;
  if (batch) {
    // The header only: no pixel is decoded here.
    const meta = await sharp(input)
      .metadata()
      .catch(() => null);
    spare = !!meta?.width && !!meta.height && meta.width * meta.height <= IMAGE_SPARE_SLOT_PIXELS;
  }
  return queue.run(owner, () => reencode(input, batch), { spare });
}

async function reencode(input: Uint8Array, batch = false): Promise<StoredMedia<'image'>> {
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    // failOn 'error' refuses truncated and corrupt files but tolerates harmless decoder warnings.
    const image = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({
      seconds: IMAGE_DECODE_BUDGET_SECONDS,
    });
    // The header alone (no decoding) tells the shape: absurd sides are refused before any pixel is read.
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
    if ((meta.width ?? 0) > IMAGE_MAX_SIDE || (meta.height ?? 0) > IMAGE_MAX_SIDE) throw imageDimensions();
    out = await image
      .rotate()
      .resize(IMAGE_MAX_DIMENSION, IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: batch ? BATCH_WEBP_EFFORT : 4 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const message = err instanceof Error ? err.message : '';
    if (/timeout/i.test(message)) throw imageTooSlow();
    if (isHeic(input)) throw unsupportedHeic();
    throw unsupportedImage(
      /pixel limit/i.test(message) ? 'The picture has too many pixels' : 'The file is not a readable picture',
    );
  }
  return {
    key: createHash('sha256').update(out.data).digest('hex'),
    content_type: STORED_TYPE,
    data: out.data,
    width: out.info.width,
    height: out.info.height,
  };
}
