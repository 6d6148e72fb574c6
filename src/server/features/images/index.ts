// images's public module: what other features may use of pictures (ARCHITECTURE.md).
export { encodePicture, findVisiblePicture, imageTooLarge } from './images.service';
export { createPictureQueue } from './picture-queue';
// Used inside the caller's transaction.
export {
  // Stores the family's picture (once per key).
  insert as savePicture,
  // Deletes those of the keys that no card of the family refers to any more.
  deleteUnreferenced as deleteUnusedPictures,
  // Every picture of the family, with its bytes (the data export).
  ofUser as picturesOfUser,
  // The family's picture under a key, with its bytes; undefined when it has none under it (a deck export).
  find as findPicture,
  // Gives the families following a shared deck their own copy of its pictures (stop sharing).
  copyToFollowers as copyPicturesToFollowers,
  type StoredPicture,
} from './images.repository';
