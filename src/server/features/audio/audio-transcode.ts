import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * Recognising and re-encoding recordings with FFmpeg, run as a separate process (a decoder bug on a
 * hostile file then costs that process, not the server) whose binary ships in the
 * @ffmpeg-installer/<platform> npm package, so `npm ci` is all a machine needs.
 */

/** The FFmpeg demuxer of each accepted container, told by the first bytes (never the name or declared type). */
export type Container = 'mp3' | 'aac' | 'mov' | 'ogg' | 'matroska' | 'wav';

/** The decoders a recording may need; any other codec (video, FLAC, ALAC, …) makes FFmpeg fail. */
const DECODERS = [
  'mp3float',
  'mp3',
  'aac',
  'aac_fixed',
  'opus',
  'libopus',
  'vorbis',
  'libvorbis',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_s32le',
  'pcm_f32le',
  'pcm_u8',
  'pcm_alaw',
  'pcm_mulaw',
];

/**
 * Stored format: MP3 (MPEG-1 Layer III), mono, 44.1 kHz, 64 kbit/s constant bit rate: clear speech,
 * ~8 KB a second. MP3 rather than AAC in MP4 because it is the one format every browser decodes
 * itself: Chrome, Safari (macOS and iOS) and Firefox everywhere, whereas Firefox on Linux plays AAC
 * only through the system's FFmpeg, which many installs lack. Constant bit rate with a Xing/LAME
 * header gives Safari exact lengths and seeking; no ID3 tag is written.
 */
export const STORED_AUDIO_TYPE = 'audio/mpeg';
const SAMPLE_RATE = '44100';
const BIT_RATE = '64k';
/** The decoded samples are only counted, so a low rate keeps the pipe small. */
const COUNT_RATE = 8000;
/** Per-allocation ceiling inside FFmpeg: no accepted recording needs a block near this. */
const MAX_ALLOC_BYTES = 64 * 1024 * 1024;

const ascii = (b: Uint8Array, from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');

/** Which accepted container `b` is, by its first bytes; null for anything else. */
export function sniffContainer(b: Uint8Array): Container | null {
  if (b.length < 12) return null;
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return 'wav';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'matroska'; // WebM is Matroska
  if (ascii(b, 4, 8) === 'ftyp') return 'mov'; // MP4/M4A/3GP; FFmpeg decides whether it holds audio
  // MP3 and ADTS AAC: ID3v2 tags (tag editors sometimes leave two), then a frame sync.
  let at = 0;
  while (at + 10 <= b.length && ascii(b, at, at + 3) === 'ID3') {
    const size =
      ((b[at + 6]! & 0x7f) << 21) | ((b[at + 7]! & 0x7f) << 14) | ((b[at + 8]! & 0x7f) << 7) | (b[at + 9]! & 0x7f);
    at += 10 + size + (b[at + 5]! & 0x10 ? 10 : 0);
  }
  if (at + 2 > b.length || b[at] !== 0xff) return null;
  const layer = (b[at + 1]! >> 1) & 0x3;
  if ((b[at + 1]! & 0xf0) === 0xf0 && layer === 0) return 'aac';
  if ((b[at + 1]! & 0xe0) === 0xe0 && layer === 1) return 'mp3';
  return null;
}

/**
 * Whether an Ogg file is whole: its pages follow each other to the very end and the last one closes
 * the stream. FFmpeg plays a cut-off Ogg file without a word, so this is checked here.
 */
export function oggIsComplete(b: Uint8Array): boolean {
  let at = 0;
  let last = 0;
  while (at < b.length) {
    if (at + 27 > b.length || ascii(b, at, at + 4) !== 'OggS') return false;
    const segments = b[at + 26]!;
    if (at + 27 + segments > b.length) return false;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[at + 27 + i]!;
    last = at;
    at += 27 + segments + body;
  }
  return at === b.length && (b[last + 5]! & 0x04) !== 0;
}

export type TranscodeResult =
  | { ok: true; data: Buffer; durationMs: number }
  | { ok: false; reason: 'unreadable' | 'empty' | 'too_long' | 'too_slow' };

export interface TranscodeLimits {
  /** Longest recording kept; a longer one is `too_long`. */
  maxSeconds: number;
  /** The process is killed after this many seconds (`too_slow`). */
  budgetSeconds: number;
}

/** Encoder priming and padding make a recording of exactly the limit decode a few frames longer. */
const DURATION_SLACK_MS = 250;

/**
 * Decodes `input` with the demuxer of `container` only (no probing of other formats, no other
 * protocol than the temp file) and re-encodes its first audio stream as MP3 without any tag: no
 * ID3, Vorbis comment, MP4 `udta` or encoder version survives. Any decoding error refuses the file.
 * The input and output live in a private temp folder that is always removed.
 */
export async function transcodeToMp3(
  input: Uint8Array,
  container: Container,
  limits: TranscodeLimits,
): Promise<TranscodeResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flashcards-audio-'));
  try {
    const inputPath = path.join(dir, 'input');
    const outputPath = path.join(dir, 'output.mp3');
    await fs.writeFile(inputPath, input, { mode: 0o600 });
    const args = [
      ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-xerror'],
      ...['-max_alloc', String(MAX_ALLOC_BYTES), '-threads', '1', '-protocol_whitelist', 'file'],
      ...['-f', container, '-format_whitelist', container, '-codec_whitelist', DECODERS.join(','), '-i', inputPath],
      // The stored recording: cut at the limit, so that it never plays longer.
      ...['-map', '0:a:0', '-map_metadata', '-1', '-map_chapters', '-1', '-t', String(limits.maxSeconds)],
      ...['-ac', '1', '-ar', SAMPLE_RATE, '-c:a', 'libmp3lame', '-b:a', BIT_RATE],
      ...['-fflags', '+bitexact', '-flags:a', '+bitexact', '-id3v2_version', '0', '-write_id3v1', '0'],
      ...['-f', 'mp3', '-y', outputPath],
      // The decoded samples, only counted: they tell the real length, a second past the limit at most.
      ...['-map', '0:a:0', '-t', String(limits.maxSeconds + 1), '-ac', '1', '-ar', String(COUNT_RATE)],
      ...['-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ];
    const run = await runFfmpeg(args, limits.budgetSeconds);
    if (run.timedOut) return { ok: false, reason: 'too_slow' };
    if (run.code !== 0 || run.errors) return { ok: false, reason: 'unreadable' };
    const durationMs = Math.round((run.sampleBytes / 2 / COUNT_RATE) * 1000);
    if (durationMs === 0) return { ok: false, reason: 'empty' };
    if (durationMs > limits.maxSeconds * 1000 + DURATION_SLACK_MS) return { ok: false, reason: 'too_long' };
    const data = await fs.readFile(outputPath);
    if (data.byteLength === 0) return { ok: false, reason: 'unreadable' };
    return { ok: true, data, durationMs: Math.min(durationMs, limits.maxSeconds * 1000) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

interface FfmpegRun {
  code: number | null;
  timedOut: boolean;
  /** Whether FFmpeg reported any error (it may still exit 0 after one). */
  errors: boolean;
  sampleBytes: number;
}

/** Runs the bundled FFmpeg (no shell, empty environment), killing it after `budgetSeconds`. */
function runFfmpeg(args: string[], budgetSeconds: number): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'pipe'], env: {}, windowsHide: true });
    let sampleBytes = 0;
    let errors = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, budgetSeconds * 1000);
    child.stdout.on('data', (chunk: Buffer) => {
      sampleBytes += chunk.byteLength;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').trim()) errors = true;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, errors, sampleBytes });
    });
  });
}
