import type { Generated, Kysely, Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { AudioTable, Database, DbHandle, ImagesTable } from '../../db/schema';
import type { FamilyId } from '../../context';

/**
 * The stored kinds of media: each kind's table, its own columns beside those every kind has, and
 * the card columns that refer to it by key. The SQL below is written once for all of them.
 */
export const MEDIA = {
  image: { table: 'images', own: ['width', 'height'], cardKeys: ['front_image_key', 'back_image_key'] },
  audio: { table: 'audio', own: ['duration_ms'], cardKeys: ['en_audio_key', 'es_audio_key'] },
} as const;
export type MediaKind = keyof typeof MEDIA;

/** Each kind's own columns (ImagesTable and AudioTable have the rest in common). */
interface Own {
  image: Pick<Selectable<ImagesTable>, 'width' | 'height'>;
  audio: Pick<Selectable<AudioTable>, 'duration_ms'>;
}
/** Media ready to be stored: the re-encoded bytes, their content hash as key, type, and the kind's own columns. */
export type StoredMedia<K extends MediaKind> = Pick<Selectable<ImagesTable>, 'key' | 'content_type' | 'data'> & Own[K];

/** What the SQL here sees: the kind's table under the name `media`, with every kind's columns. */
type MediaRow = Omit<ImagesTable, 'width' | 'height'> & Own['image'] & Own['audio'] & { id: Generated<number> };
type MediaDb = Pick<Database, 'cards' | 'decks'> & { media: MediaRow };

/** The kind's table, typed as `media`; its SQL names the real table. */
const tableOf = (kind: MediaKind) => MEDIA[kind].table as unknown as 'media';
/** A column of the kind's table, qualified by the real table's name. */
const column = <C extends keyof MediaRow & string>(kind: MediaKind, c: C) =>
  `${MEDIA[kind].table}.${c}` as `media.${C}`;
const asMedia = (db: DbHandle | Kysely<Database>) => db as unknown as Kysely<MediaDb>;

// Keeps each IN (...) list well under the bound-parameter limits of both databases.
const CHUNK = 500;

// Every picture view and every playback (Safari asks in several ranges) runs this: compiled once
// per kind (src/server/db/precompiled.ts).
const findIn = (kind: MediaKind) =>
  precompiled((db, familyId: FamilyId, key: string) =>
    asMedia(db)
      .selectFrom(tableOf(kind))
      .select(['data', 'content_type'])
      .where('family_id', '=', familyId)
      .where('key', '=', key),
  );
const finders = { image: findIn('image'), audio: findIn('audio') };

/** The family's media of `kind` under `key`; undefined when it has none under it. */
export async function find(db: DbHandle, kind: MediaKind, familyId: FamilyId, key: string) {
  return (await finders[kind](db, familyId, key))[0];
}

/** Stores the media for the family, or keeps the copy already stored under the same key. */
export async function insert<K extends MediaKind>(
  db: DbHandle,
  kind: K,
  familyId: FamilyId,
  media: StoredMedia<K>,
  now: string,
): Promise<void> {
  await asMedia(db)
    .insertInto(tableOf(kind))
    .values({
      ...(media as StoredMedia<'image'> & StoredMedia<'audio'>),
      family_id: familyId,
      byte_size: media.data.byteLength,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['family_id', 'key']).doNothing())
    .execute();
}

/** Deletes those of `keys` that no card of the family refers to any more. */
export async function deleteUnreferenced(
  db: DbHandle,
  kind: MediaKind,
  familyId: FamilyId,
  keys: Iterable<string | null>,
): Promise<void> {
  const candidates = [...new Set([...keys].filter((k): k is string => Boolean(k)))];
  const [first, second] = MEDIA[kind].cardKeys;
  for (let i = 0; i < candidates.length; i += CHUNK) {
    await asMedia(db)
      .deleteFrom(tableOf(kind))
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
                  e(`cards.${first}`, '=', e.ref(column(kind, 'key'))),
                  e(`cards.${second}`, '=', e.ref(column(kind, 'key'))),
                ]),
              ),
          ),
        ),
      )
      .execute();
  }
}

/** Every media of `kind` of the family with its bytes (the data export), in the order they were stored. */
export function ofFamily<K extends MediaKind>(db: DbHandle, kind: K, familyId: FamilyId) {
  return asMedia(db)
    .selectFrom(tableOf(kind))
    .select(['key', 'content_type', ...MEDIA[kind].own, 'byte_size', 'created_at', 'data'])
    .where('family_id', '=', familyId)
    .orderBy('id')
    .execute() as Promise<
    (Own[K] & Pick<Selectable<ImagesTable>, 'key' | 'content_type' | 'byte_size' | 'created_at' | 'data'>)[]
  >;
}

/**
 * Gives every family whose deck follows `deckId` its own copy of the owner's media of `kind` that
 * the copy's cards use (a shared deck stops being shared: the copies keep working as own decks).
 */
export async function copyToFollowers(
  db: DbHandle,
  kind: MediaKind,
  ownerId: FamilyId,
  deckId: number,
  now: string,
): Promise<void> {
  const columns = ['key', 'content_type', 'data', 'byte_size', ...MEDIA[kind].own] as const;
  const [first, second] = MEDIA[kind].cardKeys;
  await asMedia(db)
    .insertInto(tableOf(kind))
    .columns(['family_id', ...columns, 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom(tableOf(kind))
        .innerJoin('decks as f', (j) => j.on('f.shared_from_deck_id', '=', deckId))
        .select((e) => ['f.family_id', ...columns.map((c) => column(kind, c)), e.val(now).as('created_at')])
        .where(column(kind, 'family_id'), '=', ownerId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('cards')
              .select('cards.id')
              .whereRef('cards.deck_id', '=', 'f.id')
              .where((e) =>
                e.or([
                  e(`cards.${first}`, '=', e.ref(column(kind, 'key'))),
                  e(`cards.${second}`, '=', e.ref(column(kind, 'key'))),
                ]),
              ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['family_id', 'key']).doNothing())
    .execute();
}
