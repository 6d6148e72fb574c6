import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Student, StudentInput } from '@shared/schemas/student';
import { ApiRequestError, apiFetch } from '@client/lib/api-client';
import { meQuery } from '@client/lib/auth';
import { studentsQuery } from '@client/lib/current-student';

const studentsKey = studentsQuery.queryKey;

/** POST /api/students. */
export async function createStudent(input: StudentInput): Promise<Student> {
  try {
    return await apiFetch<Student>('/api/students', { json: input });
  } catch (err) {
    // SPEC §8: the data layer's message when the server gives none.
    if (err instanceof ApiRequestError && err.code === 'http_error') {
      console.error(`HTTP ${err.status}: Failed to create student`);
    }
    throw err;
  }
}

export const updateStudent = ({ id, input }: { id: number; input: StudentInput }) =>
  apiFetch<Student>(`/api/students/${id}`, { method: 'PUT', json: input });

export const deleteStudent = (id: number) => apiFetch<unknown>(`/api/students/${id}`, { method: 'DELETE' });

/**
 * Creating a student puts it into the cached list at once, so that a caller can make it
 * current in the same tick without the current-student provider falling back to another one.
 * The students panel and the onboarding both create students through this; `onCreated` runs
 * then, even when the form that asked is gone.
 */
export function useCreateStudent(onCreated?: (student: Student) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    onSuccess: (created) => {
      qc.setQueryData<Student[]>(studentsKey, (old = []) => [...old.filter((s) => s.id !== created.id), created]);
      onCreated?.(created);
      void qc.invalidateQueries({ queryKey: studentsKey });
    },
  });
}

export function useUpdateStudent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: (updated) => {
      qc.setQueryData<Student[]>(studentsKey, (old = []) => old.map((s) => (s.id === updated.id ? updated : s)));
      void qc.invalidateQueries({ queryKey: studentsKey });
    },
  });
}

/** Deleting a student also deletes its decks and progress, so every cached list is refreshed. */
export function useDeleteStudent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: (_data, id) => {
      qc.setQueryData<Student[]>(studentsKey, (old = []) => old.filter((s) => s.id !== id));
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQuery.queryKey[0] });
    },
    onError: (err) => console.error('Failed to delete student', err),
  });
}

/** POST /api/students/bulk ("Add several"): every student or none; the list is read again after. */
export function useCreateSeveralStudents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (students: { name: string; age: number | null }[]) =>
      apiFetch<{ students: Student[] }>('/api/students/bulk', { json: { students } }),
    onSuccess: ({ students }) => {
      qc.setQueryData<Student[]>(studentsKey, (old = []) => [...old, ...students]);
      void qc.invalidateQueries({ queryKey: studentsKey });
    },
  });
}
