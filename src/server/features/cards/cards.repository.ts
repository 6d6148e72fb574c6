import { sql, type Insertable, type Selectable } from 'kysely';
import { CARD_FIELD_NAMES, type CardContentValues } from '@shared/card-fields';
import { precompiled } from '../../db/precompiled';
import type { CardsTable, DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

type CardRow = Selectable<CardsTable>;

/** What a card says: every column but its identity, its deck and when it was added. */
export type CardContent = Omit<CardRow, 'id' | 'deck_id' | 'created_at'>;

/** A card to add to a deck; a column the caller leaves out gets the column's default (null). */
export type NewCard = Omit<Insertable<CardsTable>, 'id' | 'deck_id' | 'created_at'>;

/**
 * The card columns, from the one declaration of a card's fields (`@shared/card-fields`). The check
 * below fails the build while CardsTable and the declaration disagree, either way.
 */
const contentColumns = CARD_FIELD_NAMES;
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;
const declared: SameKeys<CardContent, CardContentValues> = true;
void declared;
/** A card as the API shows it. */
const cardColumns = ['id', 'deck_id', ...contentColumns] as const;
const qualifiedCardColumns = cardColumns.map((c) => `cards.${c}` as const);

// Multi-row inserts in slices, within the bound-parameter limits of both databases.
const INSERT_CHUNK = 100;

// Every deck view runs this: compiled once (src/server/db/precompiled.ts).
// A deck following a shared deck shows the original's cards, as cards of this deck.
const cardsOfDeck = precompiled((db, deckId: number) =>
  db
    .selectFrom('decks')
    .innerJoin('cards', (j) => j.on('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`))
    .select(['cards.id', 'decks.id as deck_id', ...contentColumns.map((c) => `cards.${c}` as const)])
    .where('decks.id', '=', deckId)
    .orderBy('cards.id'),
);

/** The deck's cards in the order they were added (the original's, for a deck following a shared deck). */
export function ofDeck(db: DbHandle, deckId: number) {
  return cardsOfDeck(db, deckId);
}

/** The user's card with whether its deck is imported; undefined for anyone else's. */
export function findOwned(db: DbHandle, familyId: FamilyId, cardId: number) {
  return db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select([...qualifiedCardColumns, 'decks.is_imported'])
    .where('cards.id', '=', cardId)
    .where('decks.family_id', '=', familyId)
    .executeTakeFirst();
}

export function insert(db: DbHandle, deckId: number, card: CardContent, now: string) {
  return db
    .insertInto('cards')
    .values({ ...card, deck_id: deckId, created_at: now })
    .returning(cardColumns)
    .executeTakeFirstOrThrow();
}

export function update(db: DbHandle, cardId: number, card: CardContent) {
  return db.updateTable('cards').set(card).where('id', '=', cardId).returning(cardColumns).executeTakeFirstOrThrow();
}

export async function remove(db: DbHandle, cardId: number): Promise<void> {
  await db.deleteFrom('cards').where('id', '=', cardId).execute();
}

/** Adds the cards to one deck, in their order. */
export async function insertMany(db: DbHandle, deckId: number, cards: NewCard[], now: string): Promise<void> {
  for (let i = 0; i < cards.length; i += INSERT_CHUNK) {
    const values = cards.slice(i, i + INSERT_CHUNK).map((c) => ({ ...c, deck_id: deckId, created_at: now }));
    await db.insertInto('cards').values(values).execute();
  }
}

/** Copies every card of one deck into another, in order (pictures and recordings are shared by key). */
export async function copy(db: DbHandle, fromDeckId: number, toDeckId: number, now: string): Promise<void> {
  const cards = await db
    .selectFrom('cards')
    .select(contentColumns)
    .where('deck_id', '=', fromDeckId)
    .orderBy('id')
    .execute();
  await insertMany(db, toDeckId, cards, now);
}

/** The picture keys of the user's cards in one deck, or in every deck of one student. */
export async function pictureKeys(
  db: DbHandle,
  familyId: FamilyId,
  of: { deckId: number } | { studentId: number },
): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select(['cards.front_image_key', 'cards.back_image_key'])
    .where('decks.family_id', '=', familyId)
    .where((eb) => ('deckId' in of ? eb('decks.id', '=', of.deckId) : eb('decks.student_id', '=', of.studentId)))
    .execute();
  return rows.flatMap((r) => [r.front_image_key, r.back_image_key]);
}

/** The recording keys of the user's cards in one deck, or in every deck of one student. */
export async function audioKeys(
  db: DbHandle,
  familyId: FamilyId,
  of: { deckId: number } | { studentId: number },
): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select(['cards.en_audio_key', 'cards.es_audio_key'])
    .where('decks.family_id', '=', familyId)
    .where((eb) => ('deckId' in of ? eb('decks.id', '=', of.deckId) : eb('decks.student_id', '=', of.studentId)))
    .execute();
  return rows.flatMap((r) => [r.en_audio_key, r.es_audio_key]);
}

/** Every card of the user with when it was added (the data export), in the order they were added. */
export function ofUser(db: DbHandle, familyId: FamilyId) {
  // A deck following a shared deck holds the original's cards (read where they live), as cards of this deck.
  return db
    .selectFrom('decks')
    .innerJoin('cards', (j) => j.on('cards.deck_id', '=', sql<number>`coalesce(decks.shared_from_deck_id, decks.id)`))
    .select([
      'cards.id',
      'decks.id as deck_id',
      ...contentColumns.map((c) => `cards.${c}` as const),
      'cards.created_at',
    ])
    .where('decks.family_id', '=', familyId)
    .orderBy('cards.id')
    .execute();
}

// A deck that follows a shared deck has no cards of its own (issue 23): its cards are the
// original's, read where they live, so one edit is one write however many families follow.

/**
 * Once a shared deck stops being shared (revoked, deleted, its family gone): the deck following it
 * gets its own copy of every card of the original, in order. Returns each original card id with its
 * copy's id, for the memory and progress of the family's students to move onto the copies.
 */
export async function materialise(
  db: DbHandle,
  originalDeckId: number,
  followerDeckId: number,
  now: string,
): Promise<{ from: number; to: number }[]> {
  const originals = await db
    .selectFrom('cards')
    .select(['id', ...contentColumns])
    .where('deck_id', '=', originalDeckId)
    .orderBy('id')
    .execute();
  const pairs: { from: number; to: number }[] = [];
  for (let i = 0; i < originals.length; i += INSERT_CHUNK) {
    const slice = originals.slice(i, i + INSERT_CHUNK);
    const rows = await db
      .insertInto('cards')
      .values(slice.map(({ id: _id, ...c }) => ({ ...c, deck_id: followerDeckId, created_at: now })))
      .returning('id')
      .execute();
    // Both databases return the new ids in the order of the rows inserted; sorted all the same.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    slice.forEach((c, j) => pairs.push({ from: c.id, to: ids[j]! }));
  }
  return pairs;
}
