// audio's public module: what other features may use of recordings (ARCHITECTURE.md).
import { mediaStore, type StoredMedia } from '../media';

export { audioTooLarge, encodeAudio } from './audio.service';
/** A recording ready to be stored: the re-encoded bytes, their content hash as key, type and length. */
export type StoredAudio = StoredMedia<'audio'>;
// The recordings of the media store (features/media), used inside the caller's transaction.
export const {
  // Stores the family's recording (once per key).
  save: saveAudio,
  // Deletes those of the keys that no card of the family refers to any more.
  deleteUnused: deleteUnusedAudio,
  // Every recording of the family, with its bytes (the data export).
  ofFamily: audioOfUser,
  // Gives the families following a shared deck their own copy of its recordings (stop sharing).
  copyToFollowers: copyAudioToFollowers,
  // The family's own recording under a key, or one its copy of a shared deck uses (a deck export).
  findVisible: findVisibleAudio,
} = mediaStore('audio');
