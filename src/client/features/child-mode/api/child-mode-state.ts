import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildModeState } from '@shared/schemas/child-mode';
import { apiFetch } from '@client/lib/api-client';

export const childModeKeys = { state: ['child-mode'] as const };

/** GET /api/child-mode: whether the family has a parent PIN, and the student this device is locked to. */
export const childModeStateQuery = queryOptions({
  queryKey: childModeKeys.state,
  queryFn: () => apiFetch<ChildModeState>('/api/child-mode'),
});

export const useChildModeState = () => useQuery(childModeStateQuery);
