import type { Readable } from 'node:stream';
import { Decompress } from 'fzstd';
import yauzl from 'yauzl';
import {
  ANKI_COMPRESSION_RATIO_MAX,
  ANKI_MEDIA_FILES_MAX,
  ANKI_PACKAGE_MAX_BYTES,
  ANKI_RATIO_FREE_BYTES,
  ANKI_UNCOMPRESSED_MAX_BYTES,
  ANKI_ZSTD_WINDOW_MAX_BYTES,
} from '@shared/constants';
import { ApiError } from '../../http/errors';

/**
 * Reading an .apkg (a zip) without trusting it: names, counts and sizes are checked from the central
 * directory before anything is inflated, and every byte inflated (zip, then zstd for current packages)
 * is counted again against the same limits while it is produced, so a header that lies changes nothing.
 */

const MB = 1024 * 1024;
const ZSTD_MAGIC = 0xfd2fb528;
/** Besides the media files: collection files (up to three), `media`, `meta`, and room for a stray file or two. */
const ENTRIES_MAX = ANKI_MEDIA_FILES_MAX + 8;

export const packageErrors = {
  tooLarge: () => new ApiError(413, 'too_large', `The package is larger than ${ANKI_PACKAGE_MAX_BYTES / MB} MB`),
  notAZip: () => new ApiError(415, 'not_a_package', 'The file is not an Anki package (.apkg)'),
  corrupt: (detail = 'The package is damaged') => new ApiError(400, 'corrupt_package', detail),
  unsafePath: (name: string) =>
    new ApiError(
      400,
      'unsafe_path',
      `The package holds a file with an unsafe name: ${JSON.stringify(name.slice(0, 80))}`,
    ),
  tooManyFiles: () =>
    new ApiError(413, 'too_many_files', `The package holds more than ${ANKI_MEDIA_FILES_MAX} media files`),
  bomb: () =>
    new ApiError(
      413,
      'zip_bomb',
      `The package unpacks to too much data (at most ${ANKI_UNCOMPRESSED_MAX_BYTES / MB} MB, ` +
        `each file at most ${ANKI_COMPRESSION_RATIO_MAX} times its packed size)`,
    ),
  fileTooLarge: () => new ApiError(413, 'file_too_large', 'A file in the package is larger than allowed'),
  unknownSchema: (detail = 'This Anki package format is not supported') => new ApiError(400, 'unknown_schema', detail),
};

/** How much of a file's inflated size is allowed, given its packed size. */
const ratioOk = (inflated: number, packed: number) =>
  inflated <= ANKI_RATIO_FREE_BYTES || inflated <= packed * ANKI_COMPRESSION_RATIO_MAX;

/**
 * Checks every zstd frame header before decoding (RFC 8878 §3.1.1): fzstd allocates and slides a
 * window of the size a frame asks for, so a frame asking for gigabytes is refused here. Walks the
 * blocks by their headers only; the decoder then checks their content.
 */
function checkZstdFrames(data: Uint8Array): void {
  const corrupt = () => packageErrors.corrupt('A compressed file in the package is damaged');
  const le = (at: number, n: number) => {
    let v = 0;
    for (let i = n - 1; i >= 0; i--) v = v * 256 + data[at + i]!;
    return v;
  };
  let p = 0;
  if (data.length === 0) throw corrupt();
  while (p < data.length) {
    if (p + 5 > data.length) throw corrupt();
    const magic = le(p, 4);
    if (magic >= 0x184d2a50 && magic <= 0x184d2a5f) {
      p += 8 + le(p + 4, 4); // a skippable frame
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw corrupt();
    const descriptor = data[p + 4]!;
    const contentSizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    if (descriptor & 8) throw corrupt();
    let q = p + 5;
    let window = 0;
    if (!singleSegment) {
      const w = data[q++]!;
      const base = 2 ** (10 + (w >> 3));
      window = base + (base / 8) * (w & 7);
    }
    q += [0, 1, 2, 4][descriptor & 3]!;
    const sizeBytes = [singleSegment, 2, 4, 8][contentSizeFlag]!;
    if (singleSegment) window = le(q, sizeBytes) + (sizeBytes === 2 ? 256 : 0);
    q += sizeBytes;
    if (window > ANKI_ZSTD_WINDOW_MAX_BYTES) throw packageErrors.bomb();
    for (let last = 0; !last;) {
      if (q + 3 > data.length) throw corrupt();
      const header = le(q, 3);
      last = header & 1;
      const type = (header >> 1) & 3;
      if (type === 3) throw corrupt();
      q += 3 + (type === 1 ? 1 : header >>> 3);
    }
    p = q + ((descriptor >> 2) & 1) * 4;
  }
  if (p !== data.length) throw corrupt();
}

interface ReadOptions {
  /** Whether the file is zstd-compressed inside the zip; 'auto' tells by its first bytes. */
  zstd: boolean | 'auto';
  /** Most bytes the file may inflate to. */
  max?: number;
}

/** An opened package: its entries by name, read one at a time within one shared budget of inflated bytes. */
export interface PackageFiles {
  has(name: string): boolean;
  /** The entry's declared (inflated) size. */
  size(name: string): number;
  /**
   * Inflates one file (and undoes Anki's zstd when `zstd`), handing each chunk to `sink`. Refuses
   * with a 413 the moment the output passes `max`, the package's budget, or the ratio limit.
   */
  read(name: string, options: ReadOptions, sink: (chunk: Uint8Array) => void): Promise<void>;
  /** The whole file as one buffer. */
  readAll(name: string, options: ReadOptions): Promise<Buffer>;
  close(): void;
}

async function drain(stream: Readable, onChunk: (chunk: Buffer) => void): Promise<void> {
  try {
    for await (const chunk of stream) onChunk(chunk as Buffer);
  } finally {
    stream.destroy();
  }
}

/** Opens the package's zip and checks its directory: names, number of files, declared sizes and ratios. */
export async function openPackage(bytes: Buffer): Promise<PackageFiles> {
  if (bytes.length > ANKI_PACKAGE_MAX_BYTES) throw packageErrors.tooLarge();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      // Sizes are checked as the data comes, by this module (a lying header is a zip bomb, not damage).
      validateEntrySizes: false,
    });
  } catch {
    throw packageErrors.notAZip();
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > ENTRIES_MAX) throw packageErrors.tooManyFiles();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
      if (yauzl.validateFileName(name) !== null || name.includes('\0')) throw packageErrors.unsafePath(name);
      if (entries.has(name)) throw packageErrors.corrupt(`The package lists ${JSON.stringify(name)} twice`);
      if (entry.isEncrypted()) throw packageErrors.corrupt('The package is encrypted');
      declared += entry.uncompressedSize;
      if (declared > ANKI_UNCOMPRESSED_MAX_BYTES || !ratioOk(entry.uncompressedSize, entry.compressedSize)) {
        throw packageErrors.bomb();
      }
      entries.set(name, entry);
    }
  } catch (err) {
    zip.close();
    if (err instanceof ApiError) throw err;
    throw packageErrors.corrupt();
  }

  let budget = ANKI_UNCOMPRESSED_MAX_BYTES;
  const files: PackageFiles = {
    has: (name) => entries.has(name),
    size: (name) => entries.get(name)?.uncompressedSize ?? 0,
    async read(name, { zstd, max = Infinity }, sink) {
      const entry = entries.get(name);
      if (!entry) throw packageErrors.corrupt(`The package has no ${name}`);
      let produced = 0;
      const count = (chunk: Uint8Array) => {
        produced += chunk.length;
        budget -= chunk.length;
        if (budget < 0 || !ratioOk(produced, entry.compressedSize)) throw packageErrors.bomb();
        if (produced > max) throw packageErrors.fileTooLarge();
        sink(chunk);
      };
      // What the zip itself inflates may not pass the size its directory declares (checked as it comes).
      let inflated = 0;
      const fromZip = (chunk: Buffer, next: (chunk: Buffer) => unknown) => {
        inflated += chunk.length;
        if (inflated > entry.uncompressedSize) throw packageErrors.bomb();
        next(chunk);
      };
      try {
        const stream = await zip.openReadStreamPromise(entry);
        if (!zstd) return await drain(stream, (chunk) => fromZip(chunk, count));
        // zstd input is at most the entry's declared size, already within the budget.
        const packed: Buffer[] = [];
        await drain(stream, (chunk) => fromZip(chunk, (c) => packed.push(c)));
        const data = Buffer.concat(packed);
        if (zstd === 'auto' && !(data.length >= 4 && data.readUInt32LE(0) === ZSTD_MAGIC)) return count(data);
        checkZstdFrames(data);
        const decoder = new Decompress((chunk) => count(chunk));
        for (let at = 0; at < data.length; at += MB) decoder.push(data.subarray(at, at + MB), at + MB >= data.length);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // A broken deflate stream or zstd frame: the data is not what the header says.
        throw packageErrors.corrupt(`The package's ${name} is damaged`);
      }
    },
    async readAll(name, options) {
      const parts: Uint8Array[] = [];
      await files.read(name, options, (chunk) => parts.push(chunk));
      return Buffer.concat(parts);
    },
    close: () => zip.close(),
  };
  return files;
}
