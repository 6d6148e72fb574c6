import { compiledPerLength, precompiled } from '../../db/precompiled';
import type { CardsTable, DbHandle } from '../../db/schema';
import type { FamilyId, UserId } from '../../context';

/**
 * Every ownership question of every feature, in one place (Immich's access repository is the
 * model). Each answers for one family: another family's object is answered exactly like a missing one,
 * and the service turns "no" into its 404. Services import this module; no repository does. Nothing
 * here writes.
 */

// Asked before every save and every progress view: compiled once (src/server/db/precompiled.ts).
const studentOfUser = precompiled((db, familyId: FamilyId, studentId: number) =>
  db.selectFrom('students').select('id').where('id', '=', studentId).where('family_id', '=', familyId),
);

/** Whether the student is the user's. */
export async function studentOwned(db: DbHandle, familyId: FamilyId, studentId: number): Promise<boolean> {
  return (await studentOfUser(db, familyId, studentId)).length > 0;
}

/** The user's deck, with whether it is an imported (read-only) one; undefined when it is not theirs. */
export async function deckOwned(
  db: DbHandle,
  familyId: FamilyId,
  deckId: number,
): Promise<{ imported: boolean } | undefined> {
  const row = await db
    .selectFrom('decks')
    .select('is_imported')
    .where('id', '=', deckId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return row && { imported: Boolean(row.is_imported) };
}

/** Whether the deck is the user's and is either this student's or shared (no student). */
export async function deckUsable(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
  deckId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('decks')
    .select('id')
    .where('id', '=', deckId)
    .where('family_id', '=', familyId)
    .where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '=', studentId)]))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The family whose picture (or recording) under `key` this family may see because one of its
 * decks follows a shared deck whose cards use it in one of `cardKeys` (issue 17); undefined when
 * there is none. The family's own media are asked for first, by the media store (features/media).
 */
export async function sharedMediaOwner(
  db: DbHandle,
  familyId: FamilyId,
  cardKeys: readonly Extract<keyof CardsTable, `${string}_key`>[],
  key: string,
): Promise<FamilyId | undefined> {
  const row = await db
    .selectFrom('decks as copy')
    .innerJoin('decks as original', 'original.id', 'copy.shared_from_deck_id')
    .innerJoin('cards', 'cards.deck_id', 'original.id')
    .select('original.family_id')
    .where('copy.family_id', '=', familyId)
    .where((eb) => eb.or(cardKeys.map((c) => eb(`cards.${c}`, '=', key))))
    .executeTakeFirst();
  return row?.family_id as FamilyId | undefined;
}

// The questions of `may` (access.ts): for a set of ids, those among them the family holds, in one
// statement compiled once per number of ids (src/server/db/precompiled.ts). The API guard asks one
// id per request; a study save asks its cards at once.

const familyStudents = compiledPerLength((db, familyId, ...ids) =>
  db
    .selectFrom('students')
    .select('id')
    .where('family_id', '=', familyId as number)
    .where('id', 'in', ids as number[]),
);

/** Those of `ids` that are the family's students. */
export async function studentsOfFamily(db: DbHandle, familyId: FamilyId, ids: readonly number[]): Promise<number[]> {
  return (await familyStudents(db, [familyId, ...ids])).map((r) => r.id);
}

const familyDecks = compiledPerLength((db, familyId, ...ids) =>
  db
    .selectFrom('decks')
    .select('id')
    .where('family_id', '=', familyId as number)
    .where('id', 'in', ids as number[]),
);

/** Those of `ids` that are the family's own deck rows (also those that follow a shared deck). */
export async function decksOfFamily(db: DbHandle, familyId: FamilyId, ids: readonly number[]): Promise<number[]> {
  return (await familyDecks(db, [familyId, ...ids])).map((r) => r.id);
}

const readableDecks = compiledPerLength((db, familyId, ...ids) =>
  db
    .selectFrom('decks')
    .select('id')
    .where('id', 'in', ids as number[])
    .where((eb) =>
      eb.or([
        eb('family_id', '=', familyId as number),
        eb(
          'id',
          'in',
          eb
            .selectFrom('decks as following')
            .select('following.shared_from_deck_id')
            .where('following.family_id', '=', familyId as number)
            .where('following.shared_from_deck_id', 'is not', null),
        ),
      ]),
    ),
);

/** Those of `ids` that are the family's decks or shared decks one of its decks follows. */
export async function decksReadable(db: DbHandle, familyId: FamilyId, ids: readonly number[]): Promise<number[]> {
  return (await readableDecks(db, [familyId, ...ids])).map((r) => r.id);
}

const familyCards = compiledPerLength((db, familyId, ...ids) =>
  db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select('cards.id')
    .where('decks.family_id', '=', familyId as number)
    .where('cards.id', 'in', ids as number[]),
);

/** Those of `ids` that are cards of the family's own decks (a followed deck's cards live in the sharer's). */
export async function cardsOfFamily(db: DbHandle, familyId: FamilyId, ids: readonly number[]): Promise<number[]> {
  return (await familyCards(db, [familyId, ...ids])).map((r) => r.id);
}

const familyPeople = compiledPerLength((db, familyId, ...ids) =>
  db
    .selectFrom('family_members')
    .select('user_id as id')
    .where('family_id', '=', familyId as number)
    .where('user_id', 'in', ids as number[]),
);

/** Those of `ids` that are people of the family (holder or member). */
export async function peopleOfFamily(db: DbHandle, familyId: FamilyId, ids: readonly number[]): Promise<UserId[]> {
  return (await familyPeople(db, [familyId, ...ids])).map((r) => r.id as UserId);
}
