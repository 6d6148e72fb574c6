import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyNamed } from '@client/components/ui/lazy';
import { UserMenu, type AccountPanel } from '@client/features/auth/components/user-menu';

// The panels (and their forms) load when first opened.
const SettingsPanel = lazyNamed(() =>
  import('@client/features/settings/components/settings-panel').then((m) => m.SettingsPanel),
);
const ChildModeSettings = lazyNamed(() =>
  import('@client/features/child-mode/components/child-mode-settings').then((m) => m.ChildModeSettings),
);
const FamilySettings = lazyNamed(() =>
  import('@client/features/family/components/family-settings').then((m) => m.FamilySettings),
);
const StudentsPanel = lazyNamed(() => import('./students-panel').then((m) => m.StudentsPanelWithExtras));

/** The user menu (auth) and the panels it opens: students (students) and settings (settings, with the family and child mode pages). */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<AccountPanel | null>(null);
  const openChange = (which: AccountPanel) => (open: boolean) => setPanel(open ? which : null);
  return (
    <>
      <UserMenu onOpenPanel={setPanel} />
      {panel === 'students' && <StudentsPanel open onOpenChange={openChange('students')} />}
      {panel === 'settings' && (
        <SettingsPanel
          open
          onOpenChange={openChange('settings')}
          extraPages={[
            {
              id: 'family',
              title: t('family.settings.title'),
              hint: t('family.settings.hint'),
              render: (close) => (
                <FamilySettings
                  onEnterCode={(code) => {
                    close();
                    void navigate(`/join/${code}`);
                  }}
                />
              ),
            },
            {
              id: 'child-mode',
              title: t('child-mode.settings.title'),
              hint: t('child-mode.settings.hint'),
              render: (close) => <ChildModeSettings onStarted={close} />,
            },
          ]}
        />
      )}
    </>
  );
}
