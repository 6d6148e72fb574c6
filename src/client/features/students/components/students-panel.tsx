/** Student management panel (SPEC §2). */
export function StudentsPanel(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
