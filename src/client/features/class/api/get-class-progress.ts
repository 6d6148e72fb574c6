import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassProgress } from '@shared/schemas/class-progress';
import { apiFetch, VISIT_STALE_MS } from '@client/lib/api-client';
import { withTimeZone } from '@client/lib/time-zone';

/** GET /api/progress/students?tz=: every student's figures in the family's day, read anew on every visit. */
export const classProgressQuery = queryOptions({
  // Under 'progress', so that saving a study result (which refreshes every progress) refreshes it too.
  queryKey: ['progress', 'all-students'],
  queryFn: () => apiFetch<ClassProgress>(withTimeZone('/api/progress/students')),
  staleTime: VISIT_STALE_MS,
});

export const useClassProgress = () => useQuery(classProgressQuery);
