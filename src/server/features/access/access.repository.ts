import { compiledPerLength, precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';

/**
 * Every ownership question of every feature, in one place (Immich's access repository is the
 * model). Each answers for one user: another user's object is answered exactly like a missing one,
 * and the service turns "no" into its 404. Services import this module; no repository does.
 */

// Asked before every save and every progress view: compiled once (src/server/db/precompiled.ts).
const studentOfUser = precompiled((db, userId: number, studentId: number) =>
  db.selectFrom('students').select('id').where('id', '=', studentId).where('family_id', '=', userId),
);

/** Whether the student is the user's. */
export async function studentOwned(db: DbHandle, userId: number, studentId: number): Promise<boolean> {
  return (await studentOfUser(db, userId, studentId)).length > 0;
}

/** The user's deck, with whether it is an imported (read-only) one; undefined when it is not theirs. */
export async function deckOwned(
  db: DbHandle,
  userId: number,
  deckId: number,
): Promise<{ imported: boolean } | undefined> {
  const row = await db
    .selectFrom('decks')
    .select('is_imported')
    .where('id', '=', deckId)
    .where('family_id', '=', userId)
    .executeTakeFirst();
  return row && { imported: Boolean(row.is_imported) };
}

/** Whether the deck is the user's and is either this student's or shared (no student). */
export async function deckUsable(db: DbHandle, userId: number, studentId: number, deckId: number): Promise<boolean> {
  const row = await db
    .selectFrom('decks')
    .select('id')
    .where('id', '=', deckId)
    .where('family_id', '=', userId)
    .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', studentId)]))
    .executeTakeFirst();
  return Boolean(row);
}

// Every study save runs this: compiled once per number of cards (src/server/db/precompiled.ts).
// Read from the cards asked for, each deck checked by its key: joined to the decks, SQLite may
// start from the user's decks instead and probe each (a school has thousands).
const usableCards = compiledPerLength((db, userId, studentId, ...cardIds) =>
  db
    .selectFrom('cards')
    .select(['cards.id', 'cards.deck_id'])
    .where('cards.id', 'in', cardIds as number[])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('decks')
          .select('decks.id')
          .whereRef('decks.id', '=', 'cards.deck_id')
          .where('decks.family_id', '=', userId as number)
          .where((d) => d.or([d('decks.student_id', 'is', null), d('decks.student_id', '=', studentId as number)])),
      ),
    ),
);

/** The cards among `cardIds` that are in decks the student may study (see deckUsable), with their deck. */
export function cardsUsable(
  db: DbHandle,
  userId: number,
  studentId: number,
  cardIds: number[],
): Promise<{ id: number; deck_id: number }[]> {
  return usableCards(db, [userId, studentId, ...cardIds]);
}

/**
 * Moves every student, deck, picture and recording of family `from` to family `to` (a person
 * alone in their family joins another): the one re-parenting of `family_id`. A picture or
 * recording `to` already stores under the same content key is the same bytes: cards find it by
 * key, so `from`'s copy is dropped rather than broken on the unique key. The parent PIN and the
 * Anki mappings come along only where `to` has none of its own (a family keeps its own when
 * someone joins it).
 */
export async function moveFamilyData(db: DbHandle, from: number, to: number): Promise<void> {
  for (const table of ['images', 'audio'] as const) {
    await db
      .deleteFrom(table)
      .where('family_id', '=', from)
      .where('key', 'in', db.selectFrom(table).select('key').where('family_id', '=', to))
      .execute();
    await db.updateTable(table).set({ family_id: to }).where('family_id', '=', from).execute();
  }
  await db.updateTable('students').set({ family_id: to }).where('family_id', '=', from).execute();
  await db.updateTable('decks').set({ family_id: to }).where('family_id', '=', from).execute();
  await db
    .deleteFrom('child_mode_pins')
    .where('family_id', '=', from)
    .where((eb) => eb.exists(db.selectFrom('child_mode_pins').select('family_id').where('family_id', '=', to)))
    .execute();
  await db.updateTable('child_mode_pins').set({ family_id: to }).where('family_id', '=', from).execute();
  await db
    .deleteFrom('anki_mappings')
    .where('family_id', '=', from)
    .where('note_type', 'in', db.selectFrom('anki_mappings').select('note_type').where('family_id', '=', to))
    .execute();
  await db.updateTable('anki_mappings').set({ family_id: to }).where('family_id', '=', from).execute();
}

/**
 * The family whose picture (or recording) under `key` this family may see because one of its
 * decks follows a shared deck whose cards use it (issue 17); undefined when there is none. The
 * family's own media are asked for first, by the images and audio services.
 */
export async function sharedMediaOwner(
  db: DbHandle,
  familyId: number,
  kind: 'image' | 'audio',
  key: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('decks as copy')
    .innerJoin('decks as original', 'original.id', 'copy.shared_from_deck_id')
    .innerJoin('cards', 'cards.deck_id', 'original.id')
    .select('original.family_id')
    .where('copy.family_id', '=', familyId)
    .where((eb) =>
      kind === 'image'
        ? eb.or([eb('cards.front_image_key', '=', key), eb('cards.back_image_key', '=', key)])
        : eb.or([eb('cards.en_audio_key', '=', key), eb('cards.es_audio_key', '=', key)]),
    )
    .executeTakeFirst();
  return row?.family_id;
}
