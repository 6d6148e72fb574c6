// images's public module: what other features may use of pictures (ARCHITECTURE.md).
import { mediaStore, type StoredMedia } from '../media';

export { encodePicture, imageTooLarge } from './images.service';
export { createPictureQueue } from './picture-queue';
/** A picture ready to be stored: the re-encoded bytes, their content hash as key, type and size. */
export type StoredPicture = StoredMedia<'image'>;
// The pictures of the media store (features/media), used inside the caller's transaction.
export const {
  // Stores the family's picture (once per key).
  save: savePicture,
  // Deletes those of the keys that no card of the family refers to any more.
  deleteUnused: deleteUnusedPictures,
  // Every picture of the family, with its bytes (the data export).
  ofFamily: picturesOfUser,
  // The family's picture under a key, with its bytes; undefined when it has none under it (a deck export).
  find: findPicture,
  // The family's own picture under a key, or one its copy of a shared deck uses.
  findVisible: findVisiblePicture,
  // Gives the families following a shared deck their own copy of its pictures (stop sharing).
  copyToFollowers: copyPicturesToFollowers,
} = mediaStore('image');
