import { useCurrentStudent } from '@client/lib/current-student';
import { ClassProgress } from '@client/features/class/components/class-progress';
import { ProgressViews } from '@client/features/class/components/progress-views';

/** `/progress/all`: every student of the family at a glance; a name makes that student current and opens /progress. */
export default function ClassProgressPage() {
  const { setCurrentStudentId } = useCurrentStudent();
  return <ClassProgress views={<ProgressViews />} onOpen={setCurrentStudentId} />;
}
