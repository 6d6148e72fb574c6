/** Header control to pick the current student (SPEC §2 Home). */
export function StudentSelector() {
  return null;
}
