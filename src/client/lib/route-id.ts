/** The numeric id in a path like /deck/{id}: a positive integer of up to 10 digits, else null. */
export const parseRouteId = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
