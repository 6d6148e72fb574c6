import { STUDENTS_PER_FAMILY_MAX } from '@shared/constants';
import { bulkStudentsSchema, studentInputSchema, type Student } from '@shared/schemas/student';
import type { z } from 'zod';
import type { AppDeps, FamilyScope } from '../../context';
import { inUserTransaction } from '../../db/transaction';
import { ApiError, notFound } from '../../http/errors';
import { deleteUnusedAudio } from '../audio';
import { cardAudioKeys, cardPictureKeys } from '../cards';
import { unlinkAllFollowingDecks } from '../decks';
import { deleteUnusedPictures } from '../images';
import * as repo from './students.repository';

type StudentRow = Awaited<ReturnType<typeof repo.list>>[number];

const toStudentJson = (row: StudentRow): Student => ({
  id: row.id,
  name: row.name,
  age: row.age,
  native_language: row.native_language as Student['native_language'],
  created_at: row.created_at,
  auto_read: Boolean(row.auto_read),
  reads: Boolean(row.reads),
  // Number(): PostgreSQL's double precision may come back as a string without our type parsers.
  desired_retention: Number(row.desired_retention),
  new_per_day: row.new_per_day,
  max_reviews_per_day: row.max_reviews_per_day,
  grading: row.grading as Student['grading'],
});

const toFields = (input: z.output<typeof studentInputSchema>): repo.StudentFields => ({
  name: input.name,
  age: input.age ?? null,
  native_language: input.native_language,
  auto_read: input.auto_read === undefined ? undefined : Number(input.auto_read),
  reads: input.reads === undefined ? undefined : Number(input.reads),
  desired_retention: input.desired_retention,
  new_per_day: input.new_per_day,
  max_reviews_per_day: input.max_reviews_per_day,
  grading: input.grading,
});

const studentNotFound = () => notFound('No such student');

/** 409 when adding `adding` students to the `has` the family has would pass STUDENTS_PER_FAMILY_MAX. */
function checkRoom(has: number, adding: number): void {
  if (has + adding <= STUDENTS_PER_FAMILY_MAX) return;
  throw new ApiError(
    409,
    'too_many_students',
    `A family has at most ${STUDENTS_PER_FAMILY_MAX} students; there is room for ${Math.max(0, STUDENTS_PER_FAMILY_MAX - has)} more`,
  );
}

/** Rules of student profiles: each belongs to one user and is invisible to everyone else. */
export function studentsService(deps: AppDeps) {
  const db = deps.db.kysely;
  return {
    list: async (who: FamilyScope) => (await repo.list(db, who.familyId)).map(toStudentJson),

    async create(who: FamilyScope, input: z.output<typeof studentInputSchema>): Promise<Student> {
      const { familyId } = who;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        checkRoom(await repo.countOf(trx, familyId), 1);
        return toStudentJson(await repo.insert(trx, familyId, toFields(input), deps.now().toISOString()));
      });
    },

    /** "Add several": every student or none (409 past STUDENTS_PER_FAMILY_MAX), in the order given. */
    async createMany(who: FamilyScope, input: z.output<typeof bulkStudentsSchema>): Promise<Student[]> {
      const { familyId } = who;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        checkRoom(await repo.countOf(trx, familyId), input.students.length);
        const rows = input.students.map((s) => ({ name: s.name, age: s.age ?? null, native_language: '' }));
        return (await repo.insertMany(trx, familyId, rows, deps.now().toISOString())).map(toStudentJson);
      });
    },

    /** Replaces the student's fields (an absent age clears it). */
    async update(who: FamilyScope, id: number, input: z.output<typeof studentInputSchema>): Promise<Student> {
      const { familyId } = who;
      const row = await repo.update(db, familyId, id, toFields(input));
      if (!row) throw studentNotFound();
      return toStudentJson(row);
    },

    /** Deletes the student with its decks, cards and progress, then the pictures and recordings no remaining card uses. */
    async remove(who: FamilyScope, id: number): Promise<void> {
      const { familyId } = who;
      const deleted = await inUserTransaction(deps.db, familyId, async (trx) => {
        const keys = await cardPictureKeys(trx, familyId, { studentId: id });
        const audioKeys = await cardAudioKeys(trx, familyId, { studentId: id });
        // Decks other families added by link are theirs to keep (issue 17).
        await unlinkAllFollowingDecks(trx, familyId, deps.now().toISOString(), id);
        if (!(await repo.remove(trx, familyId, id))) return false;
        await deleteUnusedPictures(trx, familyId, keys);
        await deleteUnusedAudio(trx, familyId, audioKeys);
        return true;
      });
      if (!deleted) throw studentNotFound();
    },
  };
}
