import { Spinner } from '@client/components/ui/feedback';
import { useCurrentStudent } from '@client/lib/current-student';
import { NoStudentProgress, StudentProgress } from '@client/features/progress/components/student-progress';

/** `/progress`: the current student's progress. */
export default function ProgressPage() {
  const { currentStudent, isLoading } = useCurrentStudent();
  if (isLoading) return <Spinner />;
  if (!currentStudent) return <NoStudentProgress />;
  return <StudentProgress key={currentStudent.id} student={currentStudent} />;
}
