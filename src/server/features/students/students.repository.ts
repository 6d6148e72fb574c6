import type { Updateable } from 'kysely';
import type { DbHandle, StudentsTable } from '../../db/schema';
import type { FamilyId } from '../../context';

const studentColumns = [
  'id',
  'name',
  'age',
  'native_language',
  'created_at',
  'auto_read',
  'reads',
  'desired_retention',
  'new_per_day',
  'max_reviews_per_day',
  'grading',
] as const;

/** The fields a user sets on a student; a setting left undefined keeps its value (its default on insert). */
export type StudentFields = Required<Pick<Updateable<StudentsTable>, 'name' | 'age' | 'native_language'>> &
  Pick<
    Updateable<StudentsTable>,
    'auto_read' | 'reads' | 'desired_retention' | 'new_per_day' | 'max_reviews_per_day' | 'grading'
  >;

/** The user's students, oldest first (the first one is the default current student). */
export function list(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('students')
    .select(studentColumns)
    .where('family_id', '=', familyId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function insert(db: DbHandle, familyId: FamilyId, fields: StudentFields, now: string) {
  return db
    .insertInto('students')
    .values({ family_id: familyId, ...fields, created_at: now })
    .returning(studentColumns)
    .executeTakeFirstOrThrow();
}

/** Several students of the user at once, in the order given. */
export async function insertMany(db: DbHandle, familyId: FamilyId, rows: StudentFields[], now: string) {
  const created = await db
    .insertInto('students')
    .values(rows.map((fields) => ({ family_id: familyId, ...fields, created_at: now })))
    .returning(studentColumns)
    .execute();
  return created.sort((a, b) => a.id - b.id);
}

/** How many students the user has. */
export async function countOf(db: DbHandle, familyId: FamilyId): Promise<number> {
  const row = await db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('family_id', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Updates the user's student; undefined when there is no such student of this user. */
export function update(db: DbHandle, familyId: FamilyId, id: number, fields: StudentFields) {
  return db
    .updateTable('students')
    .set(fields)
    .where('id', '=', id)
    .where('family_id', '=', familyId)
    .returning(studentColumns)
    .executeTakeFirst();
}

/** Deletes the user's student; its decks, their cards and all its progress go by foreign-key cascade. */
export async function remove(db: DbHandle, familyId: FamilyId, id: number): Promise<boolean> {
  const res = await db.deleteFrom('students').where('id', '=', id).where('family_id', '=', familyId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every student of the user (the data export), in the order they were added. */
export function ofUser(db: DbHandle, familyId: FamilyId) {
  return db
    .selectFrom('students')
    .select(['id', 'name', 'age', 'native_language', 'created_at'])
    .where('family_id', '=', familyId)
    .orderBy('id')
    .execute();
}
