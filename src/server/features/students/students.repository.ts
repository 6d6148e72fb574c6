import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { imagesRepository, lockUserLibrary, type Sql } from '../images/images.repository';

const studentColumns = ['id', 'name', 'age', 'native_language', 'created_at'] as const;

export interface StudentFields {
  name: string;
  age: number | null;
  native_language: string;
}

/** All SQL of students. */
export function studentsRepository(db: Kysely<Database>) {
  return {
    /** The user's students, oldest first (the first one is the default current student). */
    list(userId: number) {
      return db
        .selectFrom('students')
        .select(studentColumns)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    create(userId: number, fields: StudentFields, now: string) {
      return db
        .insertInto('students')
        .values({ user_id: userId, ...fields, created_at: now })
        .returning(studentColumns)
        .executeTakeFirstOrThrow();
    },

    /** Updates the user's student; undefined when there is no such student of this user. */
    update(userId: number, id: number, fields: StudentFields) {
      return db
        .updateTable('students')
        .set(fields)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(studentColumns)
        .executeTakeFirst();
    },
  };
}

/**
 * Deletes the user's student with (by foreign-key cascade) its decks, their cards and all its
 * progress, then the pictures no remaining card uses, in one transaction. False when not found.
 */
export async function deleteStudent(sql: Sql, userId: number, id: number): Promise<boolean> {
  return sql.kysely.transaction().execute(async (trx) => {
    await lockUserLibrary({ kysely: trx, dialect: sql.dialect }, userId);
    const keys = await trx
      .selectFrom('cards')
      .innerJoin('decks', 'decks.id', 'cards.deck_id')
      .select(['cards.front_image_key', 'cards.back_image_key'])
      .where('decks.student_id', '=', id)
      .where('decks.user_id', '=', userId)
      .execute();
    const deleted = await trx
      .deleteFrom('students')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await imagesRepository(trx).deleteUnreferenced(
      userId,
      keys.flatMap((k) => [k.front_image_key, k.back_image_key]),
    );
    return true;
  });
}
