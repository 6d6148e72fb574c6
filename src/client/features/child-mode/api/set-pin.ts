import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetChildPinInput } from '@shared/schemas/child-mode';
import { apiFetch } from '@client/lib/api-client';
import { childModeKeys } from './child-mode-state';

/** PUT /api/child-mode/pin: sets the family's parent PIN (changing it needs the current one). */
export function useSetPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetChildPinInput) => apiFetch<unknown>('/api/child-mode/pin', { method: 'PUT', json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: childModeKeys.state }),
  });
}
