import type { Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { AudioTable, DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

/** A recording ready to be stored: the re-encoded bytes, their content hash as key, type and length. */
export type StoredAudio = Pick<Selectable<AudioTable>, 'key' | 'content_type' | 'data' | 'duration_ms'>;

// Keeps each IN (...) list well under the bound-parameter limits of both databases.
const CHUNK = 500;

// Every playback runs this (and Safari asks in several ranges): compiled once (src/server/db/precompiled.ts).
const audioOfUser = precompiled((db, familyId: FamilyId, key: string) =>
  db.selectFrom('audio').select(['data', 'content_type']).where('family_id', '=', familyId).where('key', '=', key),
);

/** The user's recording under `key`; undefined when the user has none under it. */
export async function find(db: DbHandle, familyId: FamilyId, key: string) {
  return (await audioOfUser(db, familyId, key))[0];
}

/** Stores the recording for the user, or keeps the copy already stored under the same key. */
export async function insert(db: DbHandle, familyId: FamilyId, audio: StoredAudio, now: string): Promise<void> {
  await db
    .insertInto('audio')
    .values({ ...audio, family_id: familyId, byte_size: audio.data.byteLength, created_at: now })
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
      .deleteFrom('audio')
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
                  e('cards.en_audio_key', '=', e.ref('audio.key')),
                  e('cards.es_audio_key', '=', e.ref('audio.key')),
                ]),
              ),
          ),
        ),
      )
      .execute();
  }
}

/** Every recording of the user with its bytes (the data export), in the order they were stored. */
export function ofUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('audio')
    .select(['key', 'content_type', 'duration_ms', 'byte_size', 'created_at', 'data'])
    .where('family_id', '=', familyId)
    .orderBy('id')
    .execute();
}

/**
 * Gives every family whose deck follows `deckId` its own copy of the owner's recordings that the copy's
 * cards use (a shared deck stops being shared: the copies keep working as own decks).
 */
export async function copyToFollowers(db: DbHandle, ownerId: FamilyId, deckId: number, now: string): Promise<void> {
  const columns = ['key', 'content_type', 'data', 'byte_size', 'duration_ms'] as const;
  await db
    .insertInto('audio')
    .columns(['family_id', ...columns, 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('audio')
        .innerJoin('decks as f', (j) => j.on('f.shared_from_deck_id', '=', deckId))
        .select((e) => ['f.family_id', ...columns.map((c) => `audio.${c}` as const), e.val(now).as('created_at')])
        .where('audio.family_id', '=', ownerId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('cards')
              .select('cards.id')
              .whereRef('cards.deck_id', '=', 'f.id')
              .where((e) =>
                e.or([
                  e('cards.en_audio_key', '=', e.ref('audio.key')),
                  e('cards.es_audio_key', '=', e.ref('audio.key')),
                ]),
              ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['family_id', 'key']).doNothing())
    .execute();
}
