import { studentInputSchema, type Student } from '@shared/schemas/student';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { inUserTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import { cardPictureKeys } from '../cards/cards.service';
import { deleteUnusedPictures } from '../images/images.service';
import * as repo from './students.repository';

type StudentRow = Awaited<ReturnType<typeof repo.list>>[number];

const toStudentJson = (row: StudentRow): Student => ({
  id: row.id,
  name: row.name,
  age: row.age,
  native_language: row.native_language as Student['native_language'],
  created_at: row.created_at,
});

const toFields = (input: z.output<typeof studentInputSchema>): repo.StudentFields => ({
  name: input.name,
  age: input.age ?? null,
  native_language: input.native_language,
});

const studentNotFound = () => notFound('No such student');

// Other features reach students only through this.
/** Every student of the user (the data export). */
export const studentsOfUser = repo.ofUser;

/** Rules of student profiles: each belongs to one user and is invisible to everyone else. */
export function studentsService(deps: AppDeps) {
  const db = deps.db.kysely;
  return {
    list: async (userId: number) => (await repo.list(db, userId)).map(toStudentJson),

    async create(userId: number, input: z.output<typeof studentInputSchema>): Promise<Student> {
      return toStudentJson(await repo.insert(db, userId, toFields(input), deps.now().toISOString()));
    },

    /** Replaces the student's fields (an absent age clears it). */
    async update(userId: number, id: number, input: z.output<typeof studentInputSchema>): Promise<Student> {
      const row = await repo.update(db, userId, id, toFields(input));
      if (!row) throw studentNotFound();
      return toStudentJson(row);
    },

    /** Deletes the student with its decks, cards and progress, then the pictures no remaining card uses. */
    async remove(userId: number, id: number): Promise<void> {
      const deleted = await inUserTransaction(deps.db, userId, async (trx) => {
        const keys = await cardPictureKeys(trx, userId, { studentId: id });
        if (!(await repo.remove(trx, userId, id))) return false;
        await deleteUnusedPictures(trx, userId, keys);
        return true;
      });
      if (!deleted) throw studentNotFound();
    },
  };
}
