import { useCurrentStudent } from '@client/lib/current-student';
import { OnboardingFlow } from '@client/features/onboarding/components/onboarding-flow';
import { StudentStep, type StudentStepPlace } from '@client/features/onboarding/components/student-step';
import { useCreateStudent } from '@client/features/students/api/students-api';
import { StudentNameAndAge } from '@client/features/students/components/student-fields';

/** `/onboarding`: the onboarding, whose student step makes a student with the students feature. */
export default function OnboardingPage() {
  return <OnboardingFlow studentStep={(place) => <FirstStudentStep {...place} />} />;
}

/** The student step: the student it creates becomes the current one (SPEC §4). */
function FirstStudentStep(place: StudentStepPlace) {
  const { setCurrentStudentId } = useCurrentStudent();
  const create = useCreateStudent((student) => setCurrentStudentId(student.id));
  return (
    <StudentStep
      {...place}
      fields={(form, server, nameLabel) => <StudentNameAndAge form={form} server={server} nameLabel={nameLabel} />}
      creation={{
        create: (input, onCreated) => create.mutate(input, { onSuccess: onCreated }),
        isPending: create.isPending,
        error: create.error,
      }}
    />
  );
}
