import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAudio } from '../../testing/audio';
import { transcodeToMp3 } from './audio-transcode';

/** The encoder's temp files (the upload and the MP3 made from it) never outlive one call, however it ends. */

let tmp: string;
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TMPDIR;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-tmp-test-'));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
  fs.rmSync(tmp, { recursive: true, force: true });
});

const limits = { maxSeconds: 15, budgetSeconds: 10 };

describe('transcodeToMp3', () => {
  it('removes its temp folder after a success, a refusal and a time-out', async () => {
    const voice = await makeAudio('webm-mediarecorder', { seconds: 1, plain: true });
    expect(os.tmpdir()).toBe(tmp);

    expect(await transcodeToMp3(voice, 'matroska', limits)).toMatchObject({ ok: true, durationMs: 1000 });
    expect(fs.readdirSync(tmp)).toEqual([]);

    // The right first bytes, the wrong demuxer: FFmpeg reads nothing.
    expect(await transcodeToMp3(voice, 'ogg', limits)).toEqual({ ok: false, reason: 'unreadable' });
    expect(fs.readdirSync(tmp)).toEqual([]);

    // A budget no process can meet: it is killed, and refused as too slow.
    expect(await transcodeToMp3(voice, 'matroska', { ...limits, budgetSeconds: 0 })).toEqual({
      ok: false,
      reason: 'too_slow',
    });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
