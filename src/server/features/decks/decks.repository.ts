import { sql, type Insertable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DbHandle, DecksTable } from '../../db/schema';
import type { FamilyId } from '../../context';

/** A deck to store for a user. */
export type NewDeck = Omit<Insertable<DecksTable>, 'id' | 'family_id' | 'is_archived' | 'created_at'>;

/** A deck with its card count and creator, of one user. */
function selectDecks(db: DbHandle, familyId: FamilyId) {
  // A copy following a shared deck is credited to the person sharing it (one active link per deck),
  // or to the family's holder once that person's account is gone.
  return (
    db
      .selectFrom('decks')
      // The family's deck is credited to its holder.
      .leftJoin('family_members as held', (j) =>
        j.onRef('held.family_id', '=', 'decks.family_id').on('held.role', '=', sql.lit('holder')),
      )
      .leftJoin('users', 'users.id', 'held.user_id')
      .leftJoin('deck_shares as share', (j) =>
        j.onRef('share.deck_id', '=', 'decks.shared_from_deck_id').on('share.revoked_at', 'is', null),
      )
      .leftJoin('users as sharer', 'sharer.id', 'share.created_by')
      .leftJoin('decks as original', 'original.id', 'decks.shared_from_deck_id')
      .leftJoin('family_members as original_held', (j) =>
        j.onRef('original_held.family_id', '=', 'original.family_id').on('original_held.role', '=', sql.lit('holder')),
      )
      .leftJoin('users as holder', 'holder.id', 'original_held.user_id')
      .select([
        'decks.id',
        'decks.student_id',
        // A deck following a shared deck shows the original's title, subtitle and colour.
        (eb) => eb.fn.coalesce('original.title', 'decks.title').as('title'),
        (eb) =>
          eb
            .case()
            .when('original.id', 'is not', null)
            .then(eb.ref('original.subtitle'))
            .else(eb.ref('decks.subtitle'))
            .end()
            .as('subtitle'),
        (eb) => eb.fn.coalesce('original.color', 'decks.color').as('color'),
        'decks.is_imported',
        'decks.original_deck_id',
        'decks.is_archived',
        'decks.created_at',
        (eb) => eb.fn.coalesce('users.name', sql.lit('')).as('user_name'),
        'users.picture as user_picture',
        'decks.shared_from_deck_id',
        (eb) => eb.fn.coalesce('sharer.name', 'holder.name').as('sharer_name'),
        (eb) => eb.fn.coalesce('sharer.picture', 'holder.picture').as('sharer_picture'),
        (eb) =>
          eb
            .selectFrom('cards')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`)
            .as('card_count'),
      ])
      .where('decks.family_id', '=', familyId)
  );
}

// The reads behind the deck screens run on every view: compiled once (src/server/db/precompiled.ts).
const newestFirst = <Q extends ReturnType<typeof selectDecks>>(q: Q) =>
  q.orderBy('decks.created_at', 'desc').orderBy('decks.id', 'desc');
const listAll = precompiled((db, familyId: FamilyId) => newestFirst(selectDecks(db, familyId)));
// A student's decks are their own and those shared by every student (no student_id).
const listOfStudent = precompiled((db, familyId: FamilyId, studentId: number) =>
  newestFirst(
    selectDecks(db, familyId).where((eb) =>
      eb.or([eb('decks.student_id', '=', studentId), eb('decks.student_id', 'is', null)]),
    ),
  ),
);
const findDeck = precompiled((db, familyId: FamilyId, id: number) =>
  selectDecks(db, familyId).where('decks.id', '=', id),
);

/** A deck as stored, with its card count and its creator's profile. */
export type DeckRow = Awaited<ReturnType<typeof listAll>>[number];

/** The user's decks (or one student's, with the shared ones), newest first. */
export function list(db: DbHandle, familyId: FamilyId, studentId?: number): Promise<DeckRow[]> {
  return studentId === undefined ? listAll(db, familyId) : listOfStudent(db, familyId, studentId);
}

export async function find(db: DbHandle, familyId: FamilyId, id: number): Promise<DeckRow | undefined> {
  return (await findDeck(db, familyId, id))[0];
}

/** Whether the user already imported this catalogue deck for this student (or for no student). */
export async function importExists(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number | null,
  originalDeckId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('decks')
    .select('id')
    .where('family_id', '=', familyId)
    .where('is_imported', '=', 1)
    .where('original_deck_id', '=', originalDeckId)
    .where('student_id', studentId === null ? 'is' : '=', studentId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insert(db: DbHandle, familyId: FamilyId, deck: NewDeck, now: string): Promise<number> {
  const row = await db
    .insertInto('decks')
    .values({ ...deck, family_id: familyId, is_archived: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames (and moves, with student_id) an own (not imported) deck; false when there is no such deck. */
export async function rename(
  db: DbHandle,
  familyId: FamilyId,
  id: number,
  changes: { title: string; subtitle?: string | null; student_id?: number | null },
): Promise<boolean> {
  const { title, subtitle, student_id } = changes;
  const res = await db
    .updateTable('decks')
    .set({
      title,
      ...(subtitle === undefined ? {} : { subtitle }),
      ...(student_id === undefined ? {} : { student_id }),
    })
    .where('id', '=', id)
    .where('family_id', '=', familyId)
    .where('is_imported', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Flips is_archived of an own (not imported) deck in one statement; false when none matched. */
export async function toggleArchived(db: DbHandle, familyId: FamilyId, id: number): Promise<boolean> {
  const res = await db
    .updateTable('decks')
    .set({ is_archived: sql<number>`1 - is_archived` })
    .where('id', '=', id)
    .where('family_id', '=', familyId)
    .where('is_imported', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes the user's deck; cards, their results and study sessions go by foreign-key cascade. */
export async function remove(db: DbHandle, familyId: FamilyId, id: number): Promise<boolean> {
  const res = await db.deleteFrom('decks').where('id', '=', id).where('family_id', '=', familyId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every deck of the user (the data export), in the order they were made; a followed deck as it shows. */
export async function ofUser(db: DbHandle, familyId: FamilyId) {
  const rows = await selectDecks(db, familyId).orderBy('decks.id').execute();
  return rows.map((d) => ({
    id: d.id,
    student_id: d.student_id,
    title: d.title,
    subtitle: d.subtitle,
    color: d.color,
    is_imported: d.is_imported,
    original_deck_id: d.original_deck_id,
    is_archived: d.is_archived,
    created_at: d.created_at,
  }));
}

// Decks following a shared deck (issue 17).

/** The user's deck that follows the shared deck `deckId`, if they added it already. */
export async function followerOf(db: DbHandle, familyId: FamilyId, deckId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('decks')
    .select('id')
    .where('family_id', '=', familyId)
    .where('shared_from_deck_id', '=', deckId)
    .executeTakeFirst();
  return row?.id;
}

/** How many decks follow `deckId`. */
export async function countFollowers(db: DbHandle, deckId: number): Promise<number> {
  const row = await db
    .selectFrom('decks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shared_from_deck_id', '=', deckId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The decks following `deckId`, with their families. */
export function followersOf(db: DbHandle, deckId: number) {
  return db
    .selectFrom('decks')
    .select(['id', 'family_id'])
    .where('shared_from_deck_id', '=', deckId)
    .orderBy('id')
    .execute();
}

/**
 * Every deck following `deckId` becomes an own deck of its family, keeping the original's title,
 * subtitle and colour as they are now (its cards were copied to it first).
 */
export async function unlinkFollowers(db: DbHandle, deckId: number): Promise<void> {
  const original = await db
    .selectFrom('decks')
    .select(['title', 'subtitle', 'color'])
    .where('id', '=', deckId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('decks')
    .set({ ...original, shared_from_deck_id: null, is_imported: 0 })
    .where('shared_from_deck_id', '=', deckId)
    .execute();
}

/** The user's decks (or one student's) that other decks follow. */
export async function followedDecksOf(db: DbHandle, familyId: FamilyId, studentId?: number): Promise<number[]> {
  const rows = await db
    .selectFrom('decks as original')
    .select('original.id')
    .where('original.family_id', '=', familyId)
    .$if(studentId !== undefined, (q) => q.where('original.student_id', '=', studentId!))
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('decks as f').select('f.id').whereRef('f.shared_from_deck_id', '=', 'original.id')),
    )
    .execute();
  return rows.map((r) => r.id);
}
