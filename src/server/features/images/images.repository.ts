import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { Database } from '../../db/schema';

/** A query runner and its dialect: the app's database or one transaction of it. */
export interface Sql {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/** A picture ready to be stored (re-encoded WebP and its content hash). */
export interface StoredPicture {
  key: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

// Keeps each IN (...) list well under the bound-parameter limits of both databases.
const CHUNK = 500;

/**
 * Serialises one user's library writes (students, decks, cards, pictures) on PostgreSQL, so that
 * "check, then write" steps (double import, picture still in use) cannot interleave. SQLite needs
 * nothing: its single connection already runs one transaction at a time.
 */
export async function lockUserLibrary(sql: Sql, userId: number): Promise<void> {
  if (sql.dialect !== 'postgres') return;
  // NO KEY UPDATE does not conflict with the KEY SHARE locks taken by inserts referencing the user.
  await sql.kysely.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

// Every picture view runs this: compiled once (src/server/db/precompiled.ts).
const pictureOfUser = precompiled((db, userId: number, key: string) =>
  db.selectFrom('images').select(['data', 'content_type']).where('user_id', '=', userId).where('key', '=', key),
);

/** All SQL of stored pictures. */
export function imagesRepository(db: Kysely<Database>) {
  return {
    async find(userId: number, key: string) {
      return (await pictureOfUser(db, userId, key))[0];
    },

    /** Stores the picture for the user, or keeps the copy already stored under the same key. */
    async save(userId: number, picture: StoredPicture, now: string): Promise<void> {
      await db
        .insertInto('images')
        .values({
          user_id: userId,
          key: picture.key,
          content_type: picture.contentType,
          data: picture.data,
          byte_size: picture.data.byteLength,
          width: picture.width,
          height: picture.height,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .execute();
    },

    /** Deletes those of `keys` that no card of the user refers to any more (call inside the change's transaction). */
    async deleteUnreferenced(userId: number, keys: Iterable<string | null>): Promise<void> {
      const candidates = [...new Set([...keys].filter((k): k is string => Boolean(k)))];
      for (let i = 0; i < candidates.length; i += CHUNK) {
        await db
          .deleteFrom('images')
          .where('user_id', '=', userId)
          .where('key', 'in', candidates.slice(i, i + CHUNK))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('cards')
                  .innerJoin('decks', 'decks.id', 'cards.deck_id')
                  .select('cards.id')
                  .where('decks.user_id', '=', userId)
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
    },
  };
}
