import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { clearStorage } from '@client/lib/storage';

export const deleteAccount = () => apiFetch<unknown>('/api/users/delete-account', { method: 'DELETE' });

/**
 * DELETE /api/users/delete-account, then local storage is cleared, the user signed out and sent
 * home (SPEC §7). This runs in the mutation itself: signing out unmounts the panel that asked.
 */
export function useDeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await deleteAccount();
      clearStorage();
      // logout() clears the local user at once; going home after that shows the welcome page.
      const signedOut = logout();
      void navigate('/', { replace: true });
      await signedOut;
    },
    onError: (err) => console.error('Failed to delete account', err),
  });
}
