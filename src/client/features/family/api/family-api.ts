import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvite, Family, InvitePreview } from '@shared/schemas/family';
import { apiFetch } from '@client/lib/api-client';

export const familyKeys = {
  family: ['family'] as const,
  invite: (code: string) => ['family', 'invite', code] as const,
};

/** GET /api/family: the members, the holder and the open invites. */
export const familyQuery = queryOptions({
  queryKey: familyKeys.family,
  queryFn: () => apiFetch<Family>('/api/family'),
});
export const useFamily = () => useQuery(familyQuery);

/** GET /api/family/invites/{code}: whose family an invite leads to, and what joining does. */
export const invitePreviewQuery = (code: string) =>
  queryOptions({
    queryKey: familyKeys.invite(code),
    queryFn: () => apiFetch<InvitePreview>(`/api/family/invites/${encodeURIComponent(code)}`),
    // A refused code stays refused; asking again only spends the rate limit.
    retry: false,
    staleTime: Infinity,
  });
export const useInvitePreview = (code: string) => useQuery(invitePreviewQuery(code));

function useFamilyMutation<A, R>(call: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: familyKeys.family }),
  });
}

/** POST /api/family/invites: a one-time invite, whose code is shown only now. */
export const useCreateInvite = () =>
  useFamilyMutation(() => apiFetch<CreatedInvite>('/api/family/invites', { method: 'POST' }));

/** DELETE /api/family/invites/{id} */
export const useRevokeInvite = () =>
  useFamilyMutation((id: number) => apiFetch<unknown>(`/api/family/invites/${id}`, { method: 'DELETE' }));

/** DELETE /api/family/members/{userId} (the holder only). */
export const useRemoveMember = () =>
  useFamilyMutation((userId: number) => apiFetch<Family>(`/api/family/members/${userId}`, { method: 'DELETE' }));

/**
 * A change of family (join, leave): every cached answer was about the old family's students,
 * decks and progress, so all of them are read anew.
 */
function useFamilyChange<A>(call: (arg: A) => Promise<Family>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (family) => {
      qc.setQueryData(familyKeys.family, family);
      // The join page's preview stays as it was: read again, its used-up code would answer 404.
      await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'family' && q.queryKey[0] !== 'me' });
    },
  });
}

/** POST /api/family/join */
export const useJoinFamily = () =>
  useFamilyChange((code: string) => apiFetch<Family>('/api/family/join', { method: 'POST', json: { code } }));

/** POST /api/family/leave */
export const useLeaveFamily = () => useFamilyChange(() => apiFetch<Family>('/api/family/leave', { method: 'POST' }));
