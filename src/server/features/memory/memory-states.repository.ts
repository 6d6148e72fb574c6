import { precompiled } from '../../db/precompiled';
import type { DbHandle } from '../../db/schema';
import { decksOfStudent, memoryStateColumns, type MemoryColumns } from './memory-sql';
import type { FamilyId } from '../../context';

// Every card the student has answered in the decks their list shows (archived ones too: a device
// may keep them), read from the student's rows of the memory index.
const statesOfStudent = precompiled((db, studentId: number, familyId: FamilyId) =>
  db
    .selectFrom('memory_states')
    .select(memoryStateColumns)
    .where('memory_states.student_id', '=', studentId)
    .where('memory_states.deck_id', 'in', decksOfStudent(db, familyId, studentId, true))
    .orderBy('memory_states.card_id'),
);

/** The memory rows of the user's student in the student's decks, by card id. */
export function memoryStatesOfStudent(
  db: DbHandle,
  familyId: FamilyId,
  studentId: number,
): Promise<(MemoryColumns & { card_id: number; deck_id: number })[]> {
  return statesOfStudent(db, studentId, familyId);
}
