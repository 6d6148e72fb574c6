import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Student, StudentInput } from '@shared/schemas/student';
import { apiFetch } from '@client/lib/api-client';
import { studentsQueryKey, useCurrentStudent } from '../../students/current-student';

/** POST /api/students for the onboarding's student, who then becomes the current one. */
export function useCreateOnboardingStudent() {
  const qc = useQueryClient();
  const { setCurrentStudentId } = useCurrentStudent();
  return useMutation({
    mutationFn: (input: StudentInput) => apiFetch<Student>('/api/students', { json: input }),
    onSuccess: (created) => {
      // Into the cached list first, so the current-student provider finds it at once.
      qc.setQueryData<Student[]>(studentsQueryKey, (old = []) => [...old.filter((s) => s.id !== created.id), created]);
      setCurrentStudentId(created.id);
      void qc.invalidateQueries({ queryKey: studentsQueryKey });
    },
    onError: (err) => console.error('Failed to create student', err),
  });
}
