import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import type { DbHandle } from '../../db/schema';
import { notFound } from '../../http/errors';
import * as access from '../access';
import * as repo from './media.repository';
import { MEDIA, type MediaKind } from './media.repository';

const KEY_PATTERN = /^[a-f0-9]{64}$/;
const MISSING: Record<MediaKind, string> = { image: 'No such picture', audio: 'No such recording' };

/** The family's own media of `kind` under `key`, or one its copy of a shared deck uses (issue 17). */
export async function findVisible(db: DbHandle, kind: MediaKind, familyId: FamilyId, key: string) {
  const own = await repo.find(db, kind, familyId, key);
  if (own) return own;
  const owner = await access.sharedMediaOwner(db, familyId, MEDIA[kind].cardKeys, key);
  return owner === undefined ? undefined : repo.find(db, kind, owner, key);
}

/** Serving stored media to the family that may see them. */
export function mediaService(deps: AppDeps) {
  return {
    /** The family's media under `key`; anything else (a bad key, another family's media) is a 404. */
    async get(kind: MediaKind, who: FamilyScope, key: string) {
      const { familyId } = who;
      const row = KEY_PATTERN.test(key) ? await findVisible(deps.db.kysely, kind, familyId, key) : undefined;
      if (!row) throw notFound(MISSING[kind]);
      return { data: row.data, contentType: row.content_type };
    },
  };
}

/**
 * One kind's half of the store, bound to it (its feature lends these under its own names). Used
 * inside the caller's transaction.
 */
export function mediaStore<K extends MediaKind>(kind: K) {
  return {
    /** Stores the family's media (once per key). */
    save: (db: DbHandle, familyId: FamilyId, media: repo.StoredMedia<K>, now: string) =>
      repo.insert(db, kind, familyId, media, now),
    /** Deletes those of the keys that no card of the family refers to any more. */
    deleteUnused: (db: DbHandle, familyId: FamilyId, keys: Iterable<string | null>) =>
      repo.deleteUnreferenced(db, kind, familyId, keys),
    /** Every media of the kind of the family, with its bytes (the data export). */
    ofFamily: (db: DbHandle, familyId: FamilyId) => repo.ofFamily(db, kind, familyId),
    /** The family's own media under a key, with its bytes; undefined when it has none under it. */
    find: (db: DbHandle, familyId: FamilyId, key: string) => repo.find(db, kind, familyId, key),
    /** The family's own media under a key, or one its copy of a shared deck uses. */
    findVisible: (db: DbHandle, familyId: FamilyId, key: string) => findVisible(db, kind, familyId, key),
    /** Gives the families following a shared deck their own copy of its media of the kind (stop sharing). */
    copyToFollowers: (db: DbHandle, ownerId: FamilyId, deckId: number, now: string) =>
      repo.copyToFollowers(db, kind, ownerId, deckId, now),
  };
}
