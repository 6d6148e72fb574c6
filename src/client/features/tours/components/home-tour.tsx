/** The home product tour (SPEC §2 Tours). */
export function HomeTour() {
  return null;
}
