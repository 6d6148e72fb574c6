import fs from 'node:fs';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS } from '@shared/constants';
import {
  audioCardForm,
  decodeAudio,
  makeAudio,
  readTags,
  runFfmpeg,
  SECRET_TAGS,
  type AudioShape,
  type AudioUpload,
} from '../../testing/audio';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { makePng } from '../../testing/images';

let t: TestApp;
let a: Agent;
let deckId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  deckId = (await a.post('/api/decks', { title: 'Voices' })).body.id;
});
afterAll(() => t.close());

const upload = (recordings: { en?: AudioUpload; es?: AudioUpload }) =>
  a.form('POST', '/api/cards', audioCardForm({ deck_id: deckId, en: 'apple', es: 'manzana' }, recordings));

/** The stored bytes, as the browser receives them. */
async function served(key: string): Promise<{ bytes: Buffer; type: string | null }> {
  const res = await t.app.request(`http://localhost/api/audio/${key}`, { headers: { cookie: a.cookie } });
  expect(res.status).toBe(200);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

/** Tags nothing reads as tags, but that would still give a file away: ID3 at either end. */
function expectNoTags(bytes: Buffer) {
  expect(bytes.subarray(0, 3).toString('latin1')).not.toBe('ID3');
  expect(bytes.subarray(bytes.length - 128, bytes.length - 125).toString('latin1')).not.toBe('TAG');
  for (const secret of SECRET_TAGS) expect(bytes.includes(secret), secret).toBe(false);
}

// Each tone is its own recording (keys are content hashes), and the frequency proves it is the same sound.
const SHAPES: [AudioShape, number][] = [
  ['wav', 330],
  ['mp3', 350],
  ['m4a', 370],
  ['aac', 390],
  ['ogg-opus', 410],
  ['ogg-vorbis', 430],
  ['webm', 450],
  ['webm-mediarecorder', 470],
  ['mp4-mediarecorder', 490],
  ['mov-gps', 510],
];

describe('POST /api/cards (recordings)', () => {
  it.each(SHAPES)('stores %s as MP3 that plays the same sound, without any tag', async (shape, hz) => {
    const input = await makeAudio(shape, { seconds: 1.5, hz, plain: shape.endsWith('mediarecorder') });
    // A misleading name and type: only the content counts.
    const res = await upload({ en: { bytes: input, name: 'voice.bin', type: 'application/octet-stream' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ en_audio_key: expect.stringMatching(/^[a-f0-9]{64}$/), es_audio_key: null });
    const { bytes, type } = await served(res.body.en_audio_key);
    expect(type).toBe('audio/mpeg');
    expect([bytes[0], bytes[1]! & 0xe0]).toEqual([0xff, 0xe0]); // an MPEG audio frame first: no ID3 tag
    expectNoTags(bytes);
    expect(await readTags(bytes)).toBe(';FFMETADATA1\n');
    const heard = await decodeAudio(bytes);
    expect(heard.seconds).toBeGreaterThan(1.45);
    expect(heard.seconds).toBeLessThan(1.6);
    expect(heard.rms).toBeGreaterThan(0.05);
    expect(Math.abs(heard.hz - hz)).toBeLessThan(hz * 0.03);
  });

  it('keeps speech-like sound recorded by a browser', async () => {
    const res = await upload({ es: { bytes: await makeAudio('webm-mediarecorder', { seconds: 3, hz: 'speech' }) } });
    expect(res.status).toBe(201);
    const heard = await decodeAudio((await served(res.body.es_audio_key)).bytes);
    expect(heard.seconds).toBeCloseTo(3, 1);
    expect(heard.rms).toBeGreaterThan(0.05);
  });

  it('stores a recording sent for both sides once, and again only per user', async () => {
    const voice = { bytes: await makeAudio('webm-mediarecorder', { hz: 600, plain: true }) };
    const before = (await tableCounts(t.db)).audio!;
    const one = await upload({ en: voice, es: voice });
    expect(one.body.en_audio_key).toBe(one.body.es_audio_key);
    const two = await upload({ en: voice });
    expect(two.body.en_audio_key).toBe(one.body.en_audio_key);
    expect((await tableCounts(t.db)).audio).toBe(before + 1);
  });

  it('takes an empty file input (no file chosen: empty, no name) as no recording', async () => {
    const body = [
      '--B',
      'Content-Disposition: form-data; name="deck_id"',
      '',
      String(deckId),
      '--B',
      'Content-Disposition: form-data; name="en"',
      '',
      'pear',
      '--B',
      'Content-Disposition: form-data; name="es"',
      '',
      'pera',
      '--B',
      'Content-Disposition: form-data; name="en_audio"; filename=""',
      'Content-Type: application/octet-stream',
      '',
      '',
      '--B--',
      '',
    ].join('\r\n');
    const res = await a.request('POST', '/api/cards', {
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ en_audio_key: null, es_audio_key: null });
  });

  it('accepts a recording of exactly the longest length', async () => {
    const res = await upload({ en: { bytes: await makeAudio('webm-mediarecorder', { seconds: AUDIO_MAX_SECONDS }) } });
    expect(res.status, res.text).toBe(201);
    expect((await decodeAudio((await served(res.body.en_audio_key)).bytes)).seconds).toBeLessThanOrEqual(
      AUDIO_MAX_SECONDS + 0.1,
    );
  });

  describe('refusals store nothing', () => {
    async function refused(recording: AudioUpload, status: number, code: string, side: 'en' | 'es' = 'es') {
      const before = await tableCounts(t.db);
      const res = await upload({ [side]: recording });
      expect([res.status, res.body.code], res.text).toEqual([status, code]);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.fields).toEqual([expect.objectContaining({ field: `${side}_audio`, code })]);
      expect(await tableCounts(t.db)).toEqual(before);
      return res;
    }
    const cut = (bytes: Buffer, share = 0.6) => bytes.subarray(0, Math.floor(bytes.length * share));

    it('refuses a recording longer than the limit with 413 audio_too_long', async () => {
      const long = await makeAudio('webm-mediarecorder', { seconds: AUDIO_MAX_SECONDS + 1 });
      const res = await refused({ bytes: long }, 413, 'audio_too_long');
      expect(res.body.error).toContain(String(AUDIO_MAX_SECONDS));
    });

    it('refuses a small file that plays for minutes without decoding all of it', async () => {
      // Four minutes of 8-bit samples at 8 kHz: quick to make, and under the size limit.
      const minutes = await runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'sine=duration=240:sample_rate=8000',
        '-c:a',
        'pcm_u8',
        '-f',
        'wav',
        'pipe:1',
      ]);
      expect(minutes.length).toBeLessThan(AUDIO_MAX_BYTES);
      await refused({ bytes: minutes }, 413, 'audio_too_long');
    });

    it('refuses a file over the size limit with 413 too_large', async () => {
      const big = await makeAudio('wav', { seconds: 25 });
      expect(big.length).toBeGreaterThan(AUDIO_MAX_BYTES);
      await refused({ bytes: big, name: 'big.wav', type: 'audio/wav' }, 413, 'too_large');
    });

    it('refuses a renamed executable with 415 unsupported_audio', async () => {
      const program = fs.readFileSync(ffmpeg.path).subarray(0, 64 * 1024);
      await refused({ bytes: program, name: 'song.mp3', type: 'audio/mpeg' }, 415, 'unsupported_audio');
    });

    it('refuses a picture sent as a recording', async () => {
      await refused({ bytes: await makePng(20, 20), name: 'voice.webm' }, 415, 'unsupported_audio', 'en');
    });

    it.each<[AudioShape, string]>([
      ['m4a', 'its index missing'],
      ['webm-mediarecorder', 'a cluster cut short'],
      ['ogg-opus', 'the stream never closed'],
      ['wav', 'fewer samples than its header says'],
    ])('refuses a truncated %s (%s)', async (shape) => {
      const whole = await makeAudio(shape, { seconds: 2, hz: 700 });
      await refused({ bytes: cut(whole), name: `cut.${shape}` }, 415, 'unsupported_audio');
    });

    it('refuses a zero-length file', async () => {
      await refused({ bytes: new Uint8Array(0), name: 'empty.webm' }, 415, 'unsupported_audio');
    });

    it('refuses a "WAV" whose header is bogus', async () => {
      const riff = (body: Buffer) => Buffer.concat([Buffer.from('RIFF\xff\xff\x00\x00WAVE', 'latin1'), body]);
      const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256));
      // No fmt chunk at all, then a fmt chunk naming a codec that does not exist.
      await refused({ bytes: riff(noise), name: 'a.wav', type: 'audio/wav' }, 415, 'unsupported_audio');
      const fmt = Buffer.from(
        'fmt \x10\x00\x00\x00\x34\x12\x01\x00\x44\xac\x00\x00\x88\x58\x01\x00\x02\x00\x10\x00',
        'latin1',
      );
      const data = Buffer.concat([Buffer.from('data\x00\x10\x00\x00', 'latin1'), noise]);
      await refused({ bytes: riff(Buffer.concat([fmt, data])), name: 'b.wav' }, 415, 'unsupported_audio');
    });

    it('refuses a video without sound, and a container holding a codec outside the accepted ones', async () => {
      const video = await runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=32x32',
        '-c:v',
        'mpeg4',
        '-f',
        'mp4',
        '-movflags',
        'frag_keyframe+empty_moov',
        'pipe:1',
      ]);
      await refused({ bytes: video, name: 'clip.mp4' }, 415, 'unsupported_audio');
      const flac = await runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'sine=duration=1',
        '-c:a',
        'flac',
        '-f',
        'matroska',
        '-live',
        '1',
        'pipe:1',
      ]);
      await refused({ bytes: flac, name: 'lossless.webm' }, 415, 'unsupported_audio');
    });

    it('never stores the HTML of an HTML/audio polyglot', async () => {
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      for (const shape of ['mp3', 'wav', 'ogg-opus'] as const) {
        const before = await tableCounts(t.db);
        const res = await upload({ en: { bytes: Buffer.concat([await makeAudio(shape, { hz: 900 }), html]) } });
        if (res.status === 201) {
          expect((await served(res.body.en_audio_key)).bytes.includes('<script'), shape).toBe(false);
        } else {
          expect([res.status, res.body.code], shape).toEqual([415, 'unsupported_audio']);
          expect(await tableCounts(t.db)).toEqual(before);
        }
      }
    });

    it('refuses both recordings when one is bad, and names its side', async () => {
      const good = { bytes: await makeAudio('webm-mediarecorder', { hz: 800, plain: true }) };
      const before = await tableCounts(t.db);
      const res = await upload({ en: good, es: { bytes: Buffer.from('just text, not sound at all') } });
      expect([res.status, res.body.fields?.[0]?.field]).toEqual([415, 'es_audio']);
      expect(await tableCounts(t.db)).toEqual(before);
    });
  });
});
