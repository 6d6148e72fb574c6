import type { Insertable, Selectable } from 'kysely';
import { CARD_FIELD_NAMES, type CardContentValues } from '@shared/card-fields';
import { precompiled } from '../../db/precompiled';
import type { CardsTable, DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

type CardRow = Selectable<CardsTable>;

/** What a card says: every column but its identity, its deck and when it was added. */
export type CardContent = Omit<CardRow, 'id' | 'deck_id' | 'created_at' | 'source_card_id'>;

/** A card to add to a deck; a column the caller leaves out gets the column's default (null). */
export type NewCard = Omit<Insertable<CardsTable>, 'id' | 'deck_id' | 'created_at' | 'source_card_id'>;

/**
 * The card columns, from the one declaration of a card's fields (`@shared/card-fields`). The check
 * below fails the build while CardsTable and the declaration disagree, either way. (source_card_id
 * is no content: a copy of a shared deck follows the original through it, and a duplicate or an
 * export must not.)
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
const cardsOfDeck = precompiled((db, deckId: number) =>
  db.selectFrom('cards').select(cardColumns).where('deck_id', '=', deckId).orderBy('id'),
);

/** The deck's cards in the order they were added. */
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
  return db
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select([...qualifiedCardColumns, 'cards.created_at'])
    .where('decks.family_id', '=', familyId)
    .orderBy('cards.id')
    .execute();
}

// Copies that follow a shared deck (issue 17): the sharer's change to a card is the same change
// to every copy, in the sharer's transaction.
const followingDecks = (db: DbHandle, deckId: number) =>
  db.selectFrom('decks').select('decks.id').where('decks.shared_from_deck_id', '=', deckId);

/** Copies every card of a shared deck into a deck that follows it, each remembering its original. */
export async function copyFollowing(db: DbHandle, fromDeckId: number, toDeckId: number, now: string): Promise<void> {
  await db
    .insertInto('cards')
    .columns(['deck_id', ...contentColumns, 'source_card_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('cards')
        .select((e) => [
          e.val(toDeckId).as('deck_id'),
          ...contentColumns,
          'cards.id as source_card_id',
          e.val(now).as('created_at'),
        ])
        .where('cards.deck_id', '=', fromDeckId)
        .orderBy('cards.id'),
    )
    .execute();
}

/** Adds to every deck following `deckId` the cards of it that the copy does not have yet. */
export async function followNewCards(db: DbHandle, deckId: number, now: string): Promise<void> {
  await db
    .insertInto('cards')
    .columns(['deck_id', ...contentColumns, 'source_card_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('cards as o')
        .innerJoin('decks as f', 'f.shared_from_deck_id', 'o.deck_id')
        .select((e) => [
          'f.id as deck_id',
          ...contentColumns.map((c) => `o.${c}` as const),
          'o.id as source_card_id',
          e.val(now).as('created_at'),
        ])
        .where('o.deck_id', '=', deckId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('cards as c')
                .select('c.id')
                .whereRef('c.source_card_id', '=', 'o.id')
                .whereRef('c.deck_id', '=', 'f.id'),
            ),
          ),
        )
        .orderBy('f.id')
        .orderBy('o.id'),
    )
    .execute();
}

/** Gives every copy of the card its new content. */
export async function followEdit(db: DbHandle, cardId: number, card: CardContent): Promise<void> {
  await db.updateTable('cards').set(card).where('source_card_id', '=', cardId).execute();
}

/** Deletes every copy of the card (their results go by cascade, like the original's). */
export async function followDelete(db: DbHandle, cardId: number): Promise<void> {
  await db.deleteFrom('cards').where('source_card_id', '=', cardId).execute();
}

/** The cards of every deck following `deckId` stop following their originals. */
export async function unlinkFollowing(db: DbHandle, deckId: number): Promise<void> {
  await db
    .updateTable('cards')
    .set({ source_card_id: null })
    .where('deck_id', 'in', followingDecks(db, deckId))
    .execute();
}
