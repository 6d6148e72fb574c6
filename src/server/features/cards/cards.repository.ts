import type { Card } from '@shared/schemas/card';
import { imagesRepository, lockUserLibrary, type Sql, type StoredPicture } from '../images/images.repository';

export type CardContent = Omit<Card, 'id' | 'deck_id'>;

const cardColumns = [
  'cards.id',
  'cards.deck_id',
  'cards.en',
  'cards.es',
  'cards.en_pronunciation',
  'cards.es_pronunciation',
  'cards.front_image_key',
  'cards.back_image_key',
] as const;

/** All SQL of cards; every lookup goes through the deck's owner. */
export function cardsRepository(sql: Sql) {
  const db = sql.kysely;
  const images = imagesRepository(db);
  return {
    findDeck(userId: number, deckId: number) {
      return db
        .selectFrom('decks')
        .select(['id', 'is_imported'])
        .where('id', '=', deckId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The user's card with whether its deck is imported; undefined for anyone else's. */
    findCard(userId: number, cardId: number) {
      return db
        .selectFrom('cards')
        .innerJoin('decks', 'decks.id', 'cards.deck_id')
        .select([...cardColumns, 'decks.is_imported'])
        .where('cards.id', '=', cardId)
        .where('decks.user_id', '=', userId)
        .executeTakeFirst();
    },

    insert(deckId: number, card: CardContent, now: string): Promise<Card> {
      return db
        .insertInto('cards')
        .values({ ...card, deck_id: deckId, created_at: now })
        .returning(cardColumns.map((c) => c.slice('cards.'.length) as keyof Card))
        .executeTakeFirstOrThrow() as Promise<Card>;
    },

    update(cardId: number, card: CardContent): Promise<Card> {
      return db
        .updateTable('cards')
        .set(card)
        .where('id', '=', cardId)
        .returning(cardColumns.map((c) => c.slice('cards.'.length) as keyof Card))
        .executeTakeFirstOrThrow() as Promise<Card>;
    },

    async delete(cardId: number): Promise<void> {
      await db.deleteFrom('cards').where('id', '=', cardId).execute();
    },

    savePicture: (userId: number, picture: StoredPicture, now: string) => images.save(userId, picture, now),

    deleteUnusedPictures: (userId: number, keys: (string | null)[]) => images.deleteUnreferenced(userId, keys),
  };
}

export type CardsRepository = ReturnType<typeof cardsRepository>;

/** Runs `fn` in one transaction that holds the user's library lock. */
export function cardsTransaction<T>(sql: Sql, userId: number, fn: (tx: CardsRepository) => Promise<T>): Promise<T> {
  return sql.kysely.transaction().execute(async (trx) => {
    const tx = { kysely: trx, dialect: sql.dialect };
    await lockUserLibrary(tx, userId);
    return fn(cardsRepository(tx));
  });
}
