import { sql as rawSql, type Kysely } from 'kysely';
import type { Card } from '@shared/schemas/card';
import type { CatalogueCard } from '@shared/schemas/catalogue';
import { precompiled } from '../../db/precompiled';
import type { Database } from '../../db/schema';
import { imagesRepository, lockUserLibrary, type Sql } from '../images/images.repository';

/** A deck as stored, with its card count and its creator's profile. */
export interface DeckRow {
  id: number;
  student_id: number | null;
  title: string;
  subtitle: string | null;
  color: string;
  is_imported: number;
  original_deck_id: string | null;
  is_archived: number;
  created_at: string;
  card_count: number | string | null;
  user_name: string;
  user_picture: string | null;
}

export interface NewDeck {
  student_id: number | null;
  title: string;
  subtitle: string | null;
  color: string;
  is_imported: boolean;
  original_deck_id: string | null;
}

type CardContent = Omit<Card, 'id' | 'deck_id'>;

const cardColumns = [
  'id',
  'deck_id',
  'en',
  'es',
  'en_pronunciation',
  'es_pronunciation',
  'front_image_key',
  'back_image_key',
] as const;
// Multi-row inserts in slices, within the bound-parameter limits of both databases.
const INSERT_CHUNK = 100;

/** A deck with its card count and creator, of one user. */
function selectDecks(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('decks')
    .innerJoin('users', 'users.id', 'decks.user_id')
    .select([
      'decks.id',
      'decks.student_id',
      'decks.title',
      'decks.subtitle',
      'decks.color',
      'decks.is_imported',
      'decks.original_deck_id',
      'decks.is_archived',
      'decks.created_at',
      'users.name as user_name',
      'users.picture as user_picture',
      (eb) =>
        eb
          .selectFrom('cards')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('cards.deck_id', '=', 'decks.id')
          .as('card_count'),
    ])
    .where('decks.user_id', '=', userId);
}

// The reads behind the deck screens run on every view: compiled once (src/server/db/precompiled.ts).
const newestFirst = <Q extends ReturnType<typeof selectDecks>>(q: Q) =>
  q.orderBy('decks.created_at', 'desc').orderBy('decks.id', 'desc');
const listAll = precompiled((db, userId: number) => newestFirst(selectDecks(db, userId)));
const listOfStudent = precompiled((db, userId: number, studentId: number) =>
  newestFirst(selectDecks(db, userId).where('decks.student_id', '=', studentId)),
);
const findDeck = precompiled((db, userId: number, id: number) => selectDecks(db, userId).where('decks.id', '=', id));
const deckCards = precompiled((db, deckId: number) =>
  db.selectFrom('cards').select(cardColumns).where('deck_id', '=', deckId).orderBy('id'),
);
const studentOfUser = precompiled((db, userId: number, studentId: number) =>
  db.selectFrom('students').select('id').where('id', '=', studentId).where('user_id', '=', userId),
);

/** All SQL of decks (and of the cards copied or imported with them). */
export function decksRepository(sql: Sql) {
  const db = sql.kysely;

  async function insertCards(deckId: number, cards: CardContent[], now: string): Promise<void> {
    for (let i = 0; i < cards.length; i += INSERT_CHUNK) {
      const values = cards.slice(i, i + INSERT_CHUNK).map((c) => ({ ...c, deck_id: deckId, created_at: now }));
      await db.insertInto('cards').values(values).execute();
    }
  }

  return {
    /** The user's decks (or one student's), newest first. */
    list(userId: number, studentId?: number): Promise<DeckRow[]> {
      return studentId === undefined ? listAll(db, userId) : listOfStudent(db, userId, studentId);
    },

    async find(userId: number, id: number): Promise<DeckRow | undefined> {
      return (await findDeck(db, userId, id))[0];
    },

    /** The deck's cards in the order they were added. */
    cards(deckId: number): Promise<Card[]> {
      return deckCards(db, deckId);
    },

    async studentExists(userId: number, studentId: number): Promise<boolean> {
      return (await studentOfUser(db, userId, studentId)).length > 0;
    },

    /** Whether the user already imported this catalogue deck for this student (or for no student). */
    async importExists(userId: number, studentId: number | null, originalDeckId: string): Promise<boolean> {
      const row = await db
        .selectFrom('decks')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_imported', '=', 1)
        .where('original_deck_id', '=', originalDeckId)
        .where('student_id', studentId === null ? 'is' : '=', studentId)
        .executeTakeFirst();
      return Boolean(row);
    },

    async insert(userId: number, deck: NewDeck, now: string): Promise<number> {
      const row = await db
        .insertInto('decks')
        .values({
          ...deck,
          user_id: userId,
          is_imported: deck.is_imported ? 1 : 0,
          is_archived: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Renames an own (not imported) deck; false when there is no such deck to rename. */
    async rename(userId: number, id: number, title: string, subtitle: string | null | undefined): Promise<boolean> {
      const res = await db
        .updateTable('decks')
        .set(subtitle === undefined ? { title } : { title, subtitle })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('is_imported', '=', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Flips is_archived of an own (not imported) deck in one statement; false when none matched. */
    async toggleArchived(userId: number, id: number): Promise<boolean> {
      const res = await db
        .updateTable('decks')
        .set({ is_archived: rawSql<number>`1 - is_archived` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('is_imported', '=', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Copies every card of one deck into another (pictures are shared by key). */
    async copyCards(fromDeckId: number, toDeckId: number, now: string): Promise<void> {
      const cards = await db
        .selectFrom('cards')
        .select(['en', 'es', 'en_pronunciation', 'es_pronunciation', 'front_image_key', 'back_image_key'])
        .where('deck_id', '=', fromDeckId)
        .orderBy('id')
        .execute();
      await insertCards(toDeckId, cards, now);
    },

    importCards(deckId: number, cards: CatalogueCard[], now: string): Promise<void> {
      return insertCards(
        deckId,
        cards.map((c) => ({
          en: c.en,
          es: c.es,
          en_pronunciation: c.en_pronunciation || null,
          es_pronunciation: c.es_pronunciation || null,
          front_image_key: null,
          back_image_key: null,
        })),
        now,
      );
    },

    /** Deletes the deck; cards, their results and study sessions go by foreign-key cascade. */
    async delete(userId: number, id: number): Promise<boolean> {
      const keys = await db
        .selectFrom('cards')
        .innerJoin('decks', 'decks.id', 'cards.deck_id')
        .select(['cards.front_image_key', 'cards.back_image_key'])
        .where('decks.id', '=', id)
        .where('decks.user_id', '=', userId)
        .execute();
      const res = await db.deleteFrom('decks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) return false;
      await imagesRepository(db).deleteUnreferenced(
        userId,
        keys.flatMap((k) => [k.front_image_key, k.back_image_key]),
      );
      return true;
    },
  };
}

export type DecksRepository = ReturnType<typeof decksRepository>;

/** Runs `fn` in one transaction that holds the user's library lock. */
export function decksTransaction<T>(sql: Sql, userId: number, fn: (tx: DecksRepository) => Promise<T>): Promise<T> {
  return sql.kysely.transaction().execute(async (trx) => {
    const tx = { kysely: trx, dialect: sql.dialect };
    await lockUserLibrary(tx, userId);
    return fn(decksRepository(tx));
  });
}
