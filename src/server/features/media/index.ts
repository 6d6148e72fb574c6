// media's public module: the one store of pictures and recordings (ARCHITECTURE.md). The images and
// audio features make them (sharp, FFmpeg) and lend their half of it under their own names.
export { sendMedia } from './media.answers';
export { type MediaKind, type StoredMedia } from './media.repository';
export { mediaService, mediaStore } from './media.service';
