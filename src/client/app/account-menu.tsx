import { useState } from 'react';
import { lazyNamed } from '@client/components/ui/lazy';
import { UserMenu, type AccountPanel } from '@client/features/auth/components/user-menu';

// The panels (and their forms) load when first opened.
const SettingsPanel = lazyNamed(() =>
  import('@client/features/settings/components/settings-panel').then((m) => m.SettingsPanel),
);
const StudentsPanel = lazyNamed(() =>
  import('@client/features/students/components/students-panel').then((m) => m.StudentsPanel),
);

/** The user menu (auth) and the panels it opens: students (students) and settings (settings). */
export function AccountMenu() {
  const [panel, setPanel] = useState<AccountPanel | null>(null);
  const openChange = (which: AccountPanel) => (open: boolean) => setPanel(open ? which : null);
  return (
    <>
      <UserMenu onOpenPanel={setPanel} />
      {panel === 'students' && <StudentsPanel open onOpenChange={openChange('students')} />}
      {panel === 'settings' && <SettingsPanel open onOpenChange={openChange('settings')} />}
    </>
  );
}
