import type { MenuItem } from '@client/components/ui/menu';

/** Menu items that need the server, disabled with `reason` while offline (reason null: online). */
export function needingServer(items: MenuItem[], reason: string | null): MenuItem[] {
  return reason ? items.map((item) => ({ ...item, disabled: true, disabledReason: reason })) : items;
}
