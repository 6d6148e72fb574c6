import type { Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle, ImagesTable } from '../../db/schema';
import type { FamilyId } from '../../context';

/** A picture ready to be stored: the re-encoded bytes, their content hash as key, type and size. */
export type StoredPicture = Pick<Selectable<ImagesTable>, 'key' | 'content_type' | 'data' | 'width' | 'height'>;

// Keeps each IN (...) list well under the bound-parameter limits of both databases.
const CHUNK = 500;

// Every picture view runs this: compiled once (src/server/db/precompiled.ts).
const pictureOfUser = precompiled((db, familyId: FamilyId, key: string) =>
  db.selectFrom('images').select(['data', 'content_type']).where('family_id', '=', familyId).where('key', '=', key),
);

/** The user's picture under `key`; undefined when the user has none under it. */
export async function find(db: DbHandle, familyId: FamilyId, key: string) {
  return (await pictureOfUser(db, familyId, key))[0];
}

/** Stores the picture for the user, or keeps the copy already stored under the same key. */
export async function insert(db: DbHandle, familyId: FamilyId, picture: StoredPicture, now: string): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...picture, family_id: familyId, byte_size: picture.data.byteLength, created_at: now })
    .onConflict((oc) => oc.columns(['family_id', 'key']).doNothing())
    .execute();
}

/** Deletes those of `keys` that no card of the user refers to any more. */
export async function deleteUnreferenced(
  db: DbHandle,
  familyId: FamilyId,
  keys: Iterable<string | null>,
): Promise<void> {
  const candidates = [...new Set([...keys].filter((k): k is string => Boolean(k)))];
  for (let i = 0; i < candidates.length; i += CHUNK) {
    await db
      .deleteFrom('images')
      .where('family_id', '=', familyId)
      .where('key', 'in', candidates.slice(i, i + CHUNK))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('cards')
              .innerJoin('decks', 'decks.id', 'cards.deck_id')
              .select('cards.id')
              .where('decks.family_id', '=', familyId)
              .where((e) =>
                e.or([
                  e('cards.front_image_key', '=', e.ref('images.key')),
                  e('cards.back_image_key', '=', e.ref('images.key')),
                ]),
              ),
          ),
        ),
      )
      .execute();
  }
}

/** Every picture of the user with its bytes (the data export), in the order they were stored. */
export function ofUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('images')
    .select(['key', 'content_type', 'width', 'height', 'byte_size', 'created_at', 'data'])
    .where('family_id', '=', familyId)
    .orderBy('id')
    .execute();
}

/**
 * Gives every family whose deck follows `deckId` its own copy of the owner's pictures that the copy's
 * cards use (a shared deck stops being shared: the copies keep working as own decks).
 */
export async function copyToFollowers(db: DbHandle, ownerId: FamilyId, deckId: number, now: string): Promise<void> {
  const columns = ['key', 'content_type', 'data', 'byte_size', 'width', 'height'] as const;
  await db
    .insertInto('images')
    .columns(['family_id', ...columns, 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('images')
        .innerJoin('decks as f', (j) => j.on('f.shared_from_deck_id', '=', deckId))
        .select((e) => ['f.family_id', ...columns.map((c) => `images.${c}` as const), e.val(now).as('created_at')])
        .where('images.family_id', '=', ownerId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('cards')
              .select('cards.id')
              .whereRef('cards.deck_id', '=', 'f.id')
              .where((e) =>
                e.or([
                  e('cards.front_image_key', '=', e.ref('images.key')),
                  e('cards.back_image_key', '=', e.ref('images.key')),
                ]),
              ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['family_id', 'key']).doNothing())
    .execute();
}
