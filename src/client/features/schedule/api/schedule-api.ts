import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemoryStates } from '@shared/schemas/memory-states';
import type { Schedule } from '@shared/schemas/schedule';
import type { DeckListItem } from '@shared/schemas/deck';
import { apiFetch } from '@client/lib/api-client';
import { withTimeZone } from '@client/lib/time-zone';

const scheduleKey = (studentId: number) => ['schedule', studentId] as const;
/** How often a tuning under way is looked at. */
const POLL_MS = 2_000;

/** Whether the student's latest tuning is still waiting or running. */
export const tuningUnderWay = (s: Schedule | undefined) =>
  s?.tuning?.status === 'queued' || s?.tuning?.status === 'running';

/** GET /api/students/{id}/schedule; looked at again every POLL_MS while a tuning is under way. */
export function useSchedule(studentId: number) {
  return useQuery({
    queryKey: scheduleKey(studentId),
    queryFn: () => apiFetch<Schedule>(`/api/students/${studentId}/schedule`),
    refetchInterval: (query) => (tuningUnderWay(query.state.data) ? POLL_MS : false),
  });
}

/** POST /api/students/{id}/schedule/tune (202, 409 while one is under way, 422 with too few answers), then the schedule again. */
export function useTune(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ tuning_id: number }>(`/api/students/${studentId}/schedule/tune`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKey(studentId) }),
  });
}

/** DELETE /api/students/{id}/schedule: back to the standard parameters. */
export function useResetSchedule(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Schedule>(`/api/students/${studentId}/schedule`, { method: 'DELETE' }),
    onSuccess: (schedule) => qc.setQueryData(scheduleKey(studentId), schedule),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKey(studentId) }),
  });
}

/**
 * What the effort simulation needs: the student's memory of each card they answered (GET
 * /api/students/{id}/memory-states) and how many cards of their decks they have not seen yet
 * (GET /api/decks?student_id=, archived decks left out as the review queue leaves them out).
 */
export function useStudyState(studentId: number) {
  return useQuery({
    queryKey: ['schedule', studentId, 'study-state'],
    queryFn: async () => {
      const [memory, decks] = await Promise.all([
        apiFetch<MemoryStates>(withTimeZone(`/api/students/${studentId}/memory-states`)),
        apiFetch<DeckListItem[]>(withTimeZone(`/api/decks?student_id=${studentId}`)),
      ]);
      const newCards = decks.filter((d) => !d.is_archived).reduce((sum, d) => sum + (d.new_count ?? 0), 0);
      return { memory, newCards };
    },
  });
}
