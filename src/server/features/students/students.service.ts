import { studentInputSchema, type Student } from '@shared/schemas/student';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import { deleteStudent, studentsRepository, type StudentFields } from './students.repository';

type StudentRow = { id: number; name: string; age: number | null; native_language: string; created_at: string };

const toStudentJson = (row: StudentRow): Student => ({
  id: row.id,
  name: row.name,
  age: row.age,
  native_language: row.native_language as Student['native_language'],
  created_at: row.created_at,
});

const toFields = (input: z.output<typeof studentInputSchema>): StudentFields => ({
  name: input.name,
  age: input.age ?? null,
  native_language: input.native_language,
});

const studentNotFound = () => notFound('No such student');

/** Rules of student profiles: each belongs to one user and is invisible to everyone else. */
export function studentsService(deps: AppDeps) {
  const repo = studentsRepository(deps.db.kysely);
  return {
    list: async (userId: number) => (await repo.list(userId)).map(toStudentJson),

    async create(userId: number, input: z.output<typeof studentInputSchema>): Promise<Student> {
      return toStudentJson(await repo.create(userId, toFields(input), deps.now().toISOString()));
    },

    /** Replaces the student's fields (an absent age clears it). */
    async update(userId: number, id: number, input: z.output<typeof studentInputSchema>): Promise<Student> {
      const row = await repo.update(userId, id, toFields(input));
      if (!row) throw studentNotFound();
      return toStudentJson(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await deleteStudent(deps.db, userId, id))) throw studentNotFound();
    },
  };
}
