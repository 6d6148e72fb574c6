import { useMemo } from 'react';
import type { Student } from '@shared/schemas/student';
import { Spinner } from '@client/components/ui/feedback';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { useCurrentStudent } from '@client/lib/current-student';
import { useDecks } from '@client/features/decks/api/get-decks';
import { NoStudentProgress, StudentProgress } from '@client/features/progress/components/student-progress';
import { ProgressViews } from '@client/features/class/components/progress-views';

// Loaded below the memory statistics, with its strings, once the page shows them.
const PredictionSection = lazyNamed(() =>
  import('@client/features/schedule/components/prediction-section').then((m) => m.PredictionSection),
);

/** `/progress`: the current student's progress, with each deck's cards due today from the deck list. */
export default function ProgressPage() {
  const { currentStudent, isLoading } = useCurrentStudent();
  // Child mode: this student's progress only, nothing to delete.
  const locked = Boolean(useAuth().user?.child_student_id);
  if (isLoading) return <Spinner />;
  if (!currentStudent) return <NoStudentProgress />;
  return (
    <>
      {!locked && <ProgressViews />}
      <Progress key={currentStudent.id} student={currentStudent} readOnly={locked} />
    </>
  );
}

function Progress({ student, readOnly }: { student: Student; readOnly: boolean }) {
  const decks = useDecks(student.id);
  const dueCounts = useMemo(() => {
    const list = decks.data;
    return list?.some((d) => d.due_count !== undefined)
      ? new Map(list.map((d) => [d.id, d.due_count ?? 0]))
      : undefined;
  }, [decks.data]);
  return (
    <StudentProgress
      student={student}
      dueCounts={dueCounts}
      readOnly={readOnly}
      // Not in child mode: the schedule is the parents' (and child mode may not read it).
      predictions={readOnly ? undefined : <PredictionSection studentId={student.id} name={student.name} />}
    />
  );
}
