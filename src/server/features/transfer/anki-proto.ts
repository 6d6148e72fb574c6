import protobuf from 'protobufjs';

/**
 * The few protobuf messages of current Anki packages we read, with Anki's own field numbers
 * (ankitects/anki proto/anki/import_export.proto and notetypes.proto). Fields we do not list are
 * skipped by the decoder, so newer Anki versions adding fields still read.
 */
const PROTO = `
syntax = "proto3";
message PackageMetadata {
  // 1: collection.anki2, 2: collection.anki21 (both legacy), 3: collection.anki21b (zstd, protobuf media map)
  uint32 version = 1;
}
message MediaEntries {
  message MediaEntry {
    string name = 1;
    uint32 size = 2;
    bytes sha1 = 3;
    optional uint32 legacy_zip_filename = 255;
  }
  repeated MediaEntry entries = 1;
}
message NotetypeConfig {
  // 0: normal, 1: cloze (image occlusion note types are cloze too)
  uint32 kind = 1;
}
`;

const root = protobuf.parse(PROTO, { keepCase: true }).root;
const PackageMetadata = root.lookupType('PackageMetadata');
const MediaEntries = root.lookupType('MediaEntries');
const NotetypeConfig = root.lookupType('NotetypeConfig');

export interface MediaEntry {
  name: string;
  size?: number;
  sha1?: Uint8Array;
  legacy_zip_filename?: number;
}

const plain = { longs: Number, defaults: true } as const;

/** The package's version, from its `meta` file. */
export function decodeMeta(bytes: Uint8Array): number {
  return (PackageMetadata.toObject(PackageMetadata.decode(bytes), plain) as { version: number }).version;
}

/** The current media map: media file names, in the order of their numbered zip entries. */
export function decodeMediaEntries(bytes: Uint8Array): MediaEntry[] {
  return (MediaEntries.toObject(MediaEntries.decode(bytes), { ...plain, arrays: true }) as { entries: MediaEntry[] })
    .entries;
}

/** Whether a note type's config (notetypes.config) says it is a cloze note type. */
export function isClozeConfig(bytes: Uint8Array): boolean {
  return (NotetypeConfig.toObject(NotetypeConfig.decode(bytes), plain) as { kind: number }).kind === 1;
}
