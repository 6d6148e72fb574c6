// audio's public module: what other features may use of recordings (ARCHITECTURE.md).
export { audioTooLarge, encodeAudio, findVisibleAudio } from './audio.service';
// Used inside the caller's transaction.
export {
  // Stores the family's recording (once per key).
  insert as saveAudio,
  // Deletes those of the keys that no card of the family refers to any more.
  deleteUnreferenced as deleteUnusedAudio,
  // Every recording of the family, with its bytes (the data export).
  ofUser as audioOfUser,
  // Gives the families following a shared deck their own copy of its recordings (stop sharing).
  copyToFollowers as copyAudioToFollowers,
  type StoredAudio,
} from './audio.repository';
