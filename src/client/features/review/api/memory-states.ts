import type { MemoryStates } from '@shared/schemas/memory-states';
import { apiFetch } from '@client/lib/api-client';
import { withTimeZone } from '@client/lib/time-zone';

/** GET /api/students/{id}/memory-states?tz=: what the device needs to compute the review queue offline. */
export const fetchMemoryStates = (studentId: number) =>
  apiFetch<MemoryStates>(withTimeZone(`/api/students/${studentId}/memory-states`));
