import { ID_MAX } from '@shared/constants';

/** The numeric id in a path like /deck/{id}: a positive integer the API accepts (≤ ID_MAX), else null. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return id <= ID_MAX ? id : null;
}
