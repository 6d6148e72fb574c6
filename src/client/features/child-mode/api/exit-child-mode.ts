import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildModeState } from '@shared/schemas/child-mode';
import { apiFetch } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { childModeKeys } from './child-mode-state';

/** POST /api/child-mode/exit: the parent PIN unlocks this device. */
export function useExitChildMode() {
  const qc = useQueryClient();
  const { fetchUser } = useAuth();
  return useMutation({
    mutationFn: (pin: string) => apiFetch<ChildModeState>('/api/child-mode/exit', { json: { pin } }),
    onSuccess: async (state) => {
      qc.setQueryData(childModeKeys.state, state);
      await fetchUser();
    },
  });
}
