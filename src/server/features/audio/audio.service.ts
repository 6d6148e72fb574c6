import { createHash } from 'node:crypto';
import {
  AUDIO_DECODE_BUDGET_SECONDS,
  AUDIO_DECODE_CONCURRENCY,
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
} from '@shared/constants';
import type { AppDeps, FamilyId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import * as access from '../access';
// The images feature's queue is a generic "bounded, one job per user at a time" runner.
import { createPictureQueue } from '../images';
import { oggIsComplete, sniffContainer, STORED_AUDIO_TYPE, transcodeToMp3 } from './audio-transcode';
import * as repo from './audio.repository';

const KEY_PATTERN = /^[a-f0-9]{64}$/;

const ACCEPTED = 'MP3, M4A/AAC, Ogg/Opus, WebM or WAV';
export const unsupportedAudio = (detail = `The file is not a recording in a supported format (${ACCEPTED})`) =>
  new ApiError(415, 'unsupported_audio', detail);
export const audioTooLarge = () =>
  new ApiError(413, 'too_large', `The recording is larger than ${AUDIO_MAX_BYTES / (1024 * 1024)} MB`);
const audioTooLong = () =>
  new ApiError(413, 'audio_too_long', `The recording is longer than ${AUDIO_MAX_SECONDS} seconds`);
const damaged = () => unsupportedAudio('The recording is damaged or incomplete and cannot be played');

// Each decode is an FFmpeg process: bound how many run at once, one at a time per user.
const queue = createPictureQueue(AUDIO_DECODE_CONCURRENCY);

/**
 * Checks that `input` is a recording by its content (never its name or declared type) and
 * re-encodes it as MP3 without any metadata (audio-transcode.ts says why MP3 and how). The key is
 * the SHA-256 of the stored bytes. Runs in `owner`'s turn of the audio queue, within
 * AUDIO_DECODE_BUDGET_SECONDS; a file that is not audio, or not all of it, is refused. `batch`: one of
 * many short sounds (an import's), which may also use a slot no one else is waiting for.
 */
export async function encodeAudio(
  owner: FamilyId,
  input: Uint8Array,
  { batch = false }: { batch?: boolean } = {},
): Promise<repo.StoredAudio> {
  if (input.byteLength > AUDIO_MAX_BYTES) throw audioTooLarge();
  if (input.byteLength === 0) throw unsupportedAudio('The audio file is empty');
  const container = sniffContainer(input);
  if (!container) throw unsupportedAudio();
  if (container === 'ogg' && !oggIsComplete(input)) throw damaged();
  const result = await queue.run(
    owner,
    () =>
      transcodeToMp3(input, container, { maxSeconds: AUDIO_MAX_SECONDS, budgetSeconds: AUDIO_DECODE_BUDGET_SECONDS }),
    { spare: batch },
  );
  if (!result.ok) {
    if (result.reason === 'too_long') throw audioTooLong();
    if (result.reason === 'too_slow')
      throw unsupportedAudio('The recording takes too long to read. Try a shorter one.');
    if (result.reason === 'empty') throw unsupportedAudio('The file holds no sound');
    throw damaged();
  }
  return {
    key: createHash('sha256').update(result.data).digest('hex'),
    content_type: STORED_AUDIO_TYPE,
    data: result.data,
    duration_ms: result.durationMs,
  };
}

/** The family's own recording under `key`, or one its copy of a shared deck uses (issue 17). */
export async function findVisibleAudio(db: DbHandle, familyId: FamilyId, key: string) {
  const own = await repo.find(db, familyId, key);
  if (own) return own;
  const owner = await access.sharedMediaOwner(db, familyId, 'audio', key);
  return owner === undefined ? undefined : repo.find(db, owner, key);
}

/** Serving stored recordings to their owner. */
export function audioService(deps: AppDeps) {
  return {
    /** The user's recording under `key`; anything else (a bad key, another user's recording) is a 404. */
    async get(familyId: FamilyId, key: string) {
      const row = KEY_PATTERN.test(key) ? await findVisibleAudio(deps.db.kysely, familyId, key) : undefined;
      if (!row) throw notFound('No such recording');
      return { data: row.data, contentType: row.content_type };
    },
  };
}
