import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * Recordings made at test time with the same bundled FFmpeg the server uses: a tone (or speech-like
 * noise) in the shapes browsers and apps produce, carrying tags that must not survive storage.
 */

/** The shapes an upload may take: files people choose, and what MediaRecorder makes. */
export type AudioShape =
  | 'wav'
  | 'mp3'
  | 'm4a'
  | 'aac'
  | 'ogg-opus'
  | 'ogg-vorbis'
  | 'webm'
  /** Chrome's and Firefox's MediaRecorder: WebM/Opus written live (no duration, no cues, unknown sizes). */
  | 'webm-mediarecorder'
  /** Safari's MediaRecorder: fragmented MP4 with AAC. */
  | 'mp4-mediarecorder'
  /** A QuickTime file (an iPhone's) with the place it was made in its `udta` box. */
  | 'mov-gps';

/** Text put into every tag a shape can carry; none of it may be in a stored recording. */
export const SECRET_TAGS = ['SECRET-TITLE', 'SECRET-ARTIST', 'SECRET-COMMENT', '+40.4433-079.9959'];

const OUTPUT: Record<AudioShape, { args: string[]; live?: boolean }> = {
  wav: { args: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  mp3: { args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3', '-write_id3v1', '1', '-f', 'mp3'] },
  m4a: { args: ['-c:a', 'aac', '-b:a', '96k', '-f', 'ipod'] },
  aac: { args: ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'] },
  'ogg-opus': { args: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'] },
  'ogg-vorbis': { args: ['-c:a', 'libvorbis', '-f', 'ogg'] },
  webm: { args: ['-c:a', 'libopus', '-f', 'webm'] },
  'webm-mediarecorder': { args: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1'], live: true },
  'mp4-mediarecorder': {
    args: ['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4'],
    live: true,
  },
  'mov-gps': { args: ['-c:a', 'aac', '-f', 'mov'] },
};

export interface AudioOptions {
  seconds?: number;
  /** Frequency of the tone; 'speech' makes a voice-like buzz with syllable-like loudness changes instead. */
  hz?: number | 'speech';
  /** Without tags (the shapes a browser records carry none). */
  plain?: boolean;
}

/** Runs the bundled FFmpeg with `input` on stdin; resolves with what it wrote to stdout. */
export function runFfmpeg(args: string[], input?: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostats', '-loglevel', 'error', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg failed (${code}): ${err}`)),
    );
    if (input) child.stdin!.end(input);
  });
}

/** A recording of `seconds` (default 1) of a tone or speech-like sound, in `shape`. */
export async function makeAudio(shape: AudioShape, options: AudioOptions = {}): Promise<Buffer> {
  const seconds = options.seconds ?? 1;
  const hz = options.hz ?? 440;
  const source =
    hz === 'speech'
      ? `aevalsrc='0.4*(0.6+0.4*sin(2*PI*4*t))*(sin(2*PI*140*t)+0.5*sin(2*PI*280*t)+0.3*sin(2*PI*720*t)+0.2*sin(2*PI*1220*t))/2':s=48000:d=${seconds}`
      : `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`;
  const tags = options.plain
    ? []
    : ['title=SECRET-TITLE', 'artist=SECRET-ARTIST', 'comment=SECRET-COMMENT', 'location=+40.4433-079.9959/'].flatMap(
        (t) => ['-metadata', t],
      );
  const { args, live } = OUTPUT[shape];
  const common = ['-f', 'lavfi', '-i', source, '-ac', '1', ...tags, ...args];
  if (live) return runFfmpeg([...common, 'pipe:1']);
  // Muxers that go back to finish their header (MP4, WAV sizes) need a real file.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flashcards-test-audio-'));
  try {
    const file = path.join(dir, 'out');
    await runFfmpeg([...common, '-y', file]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface Decoded {
  seconds: number;
  /** Loudness (root mean square of the samples, 0…1): near 0 is silence. */
  rms: number;
  /** The tone's frequency estimated from zero crossings (a pure tone's is its frequency). */
  hz: number;
}

const RATE = 16_000;

/** Decodes a stored recording as a browser would, proving that it plays and what it sounds like. */
export async function decodeAudio(bytes: Uint8Array): Promise<Decoded> {
  const pcm = await runFfmpeg(['-i', 'pipe:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], bytes);
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
  // The middle of the recording: encoders start and end with a few near-silent, noisy frames.
  const from = Math.floor(samples.length * 0.1);
  const to = Math.floor(samples.length * 0.9);
  let sum = 0;
  let crossings = 0;
  for (let i = from; i < to; i++) {
    sum += (samples[i]! / 32768) ** 2;
    if (i > from && samples[i - 1]! < 0 !== samples[i]! < 0) crossings += 1;
  }
  const middle = Math.max(1, to - from);
  return { seconds: samples.length / RATE, rms: Math.sqrt(sum / middle), hz: (crossings / 2 / middle) * RATE };
}

/** The container-level tags FFmpeg reads from a file (`;FFMETADATA1` alone when there are none). */
export async function readTags(bytes: Uint8Array): Promise<string> {
  return (await runFfmpeg(['-i', 'pipe:0', '-fflags', '+bitexact', '-f', 'ffmetadata', 'pipe:1'], bytes)).toString(
    'utf8',
  );
}

export interface AudioUpload {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

/** A multipart card form with text fields and recordings (en_audio, es_audio), as the client sends it. */
export function audioCardForm(
  fields: Record<string, string | number>,
  recordings: { en?: AudioUpload; es?: AudioUpload },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const side of ['en', 'es'] as const) {
    const r = recordings[side];
    if (r)
      form.append(
        `${side}_audio`,
        new Blob([new Uint8Array(r.bytes)], { type: r.type ?? 'audio/webm' }),
        r.name ?? 'recording.webm',
      );
  }
  return form;
}
