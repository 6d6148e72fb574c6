import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildModeState } from '@shared/schemas/child-mode';
import { apiFetch } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { childModeKeys } from './child-mode-state';

/** POST /api/child-mode: locks this device's session to the student; the app then shows only the child's screens. */
export function useStartChildMode() {
  const qc = useQueryClient();
  const { fetchUser } = useAuth();
  return useMutation({
    mutationFn: (studentId: number) => apiFetch<ChildModeState>('/api/child-mode', { json: { student_id: studentId } }),
    onSuccess: async (state) => {
      qc.setQueryData(childModeKeys.state, state);
      await fetchUser();
    },
  });
}
