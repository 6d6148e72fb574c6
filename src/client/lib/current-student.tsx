import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Student } from '@shared/schemas/student';
import { apiFetch } from './api-client';
import { useAuth } from './auth';
import { keptKeys, readThrough } from './offline-store';
import { readStorage, writeStorage } from './storage';

/**
 * GET /api/students: the signed-in user's students (the students feature's changes update it);
 * offline, the last ones this device read.
 */
export const studentsQuery = queryOptions({
  queryKey: ['students'],
  queryFn: () => readThrough(keptKeys.students, () => apiFetch<Student[]>('/api/students')),
});

/** The student last made current on this device, if any. */
export function savedStudentId(): number | null {
  const raw = Number(readStorage('currentStudentId'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

interface CurrentStudentValue {
  students: Student[];
  isLoading: boolean;
  currentStudent: Student | null;
  /** Makes a student current and remembers it on this device (null: none). */
  setCurrentStudentId: (id: number | null) => void;
}

const CurrentStudentContext = createContext<CurrentStudentValue | null>(null);

/**
 * The signed-in user's students and the current one (SPEC §4): the saved one when it still
 * exists, else the first; none when there are no students.
 */
export function CurrentStudentProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const query = useQuery({ ...studentsQuery, enabled: Boolean(user) });
  const [savedId, setSavedId] = useState<number | null>(savedStudentId);
  const students = useMemo(() => (user ? (query.data ?? []) : []), [user, query.data]);
  // In child mode the session is locked to one student (server-side): no other can be made current.
  const lockedId = user?.child_student_id ?? null;
  const currentStudent =
    students.find((s) => s.id === (lockedId ?? savedId)) ?? (lockedId ? null : students[0]) ?? null;

  useEffect(() => {
    if (query.data && currentStudent?.id !== savedId) {
      setSavedId(currentStudent?.id ?? null);
      writeStorage('currentStudentId', currentStudent ? String(currentStudent.id) : null);
    }
  }, [query.data, currentStudent, savedId]);

  const setCurrentStudentId = useCallback((id: number | null) => {
    setSavedId(id);
    writeStorage('currentStudentId', id === null ? null : String(id));
  }, []);

  const value = useMemo(
    () => ({ students, isLoading: Boolean(user) && query.isPending, currentStudent, setCurrentStudentId }),
    [students, user, query.isPending, currentStudent, setCurrentStudentId],
  );
  return <CurrentStudentContext.Provider value={value}>{children}</CurrentStudentContext.Provider>;
}

export function useCurrentStudent(): CurrentStudentValue {
  const ctx = useContext(CurrentStudentContext);
  if (!ctx) throw new Error('useCurrentStudent must be used within a CurrentStudentProvider');
  return ctx;
}
