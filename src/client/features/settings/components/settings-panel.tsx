/** Settings panel (SPEC §2). */
export function SettingsPanel(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
