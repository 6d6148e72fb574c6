import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Menu } from '@client/components/ui/menu';
import { Avatar } from '@client/components/ui/feedback';
import { useAuth } from '@client/lib/auth';
import { useCurrentStudent } from '@client/lib/current-student';
import { useNeedsConnection } from '@client/lib/online';
import styles from './auth.module.css';

/** The panels the menu opens; the page frame shows them (they belong to other features). */
export type AccountPanel = 'students' | 'settings';

/** Avatar (or given name / email) button with the account's actions (SPEC §2 User menu). */
export function UserMenu({ onOpenPanel }: { onOpenPanel: (panel: AccountPanel) => void }) {
  const { t } = useTranslation();
  // Offline, what needs the server is disabled with the reason (signing out, too: the session
  // cookie can only be ended by the server).
  const offline = useNeedsConnection();
  const needsServer = { disabled: Boolean(offline), disabledReason: offline ?? undefined };
  const { user, logout } = useAuth();
  const { students } = useCurrentStudent();
  const navigate = useNavigate();
  if (!user) return null;
  const display = user.google_user_data.given_name ?? user.email ?? user.name;

  return (
    <div data-tour="user-menu">
      <Menu
        label={t('auth.userMenu.label', { name: display })}
        triggerVariant="ghost"
        trigger={
          user.google_user_data.picture ? (
            <Avatar src={user.google_user_data.picture} name={display} />
          ) : (
            <>
              <Avatar name={display} />
              <span className={styles.name}>{display}</span>
            </>
          )
        }
        header={
          user.email ? (
            // The address on a line of its own, so that it stays whole on a phone.
            <Trans
              i18nKey="auth.userMenu.signedInAs"
              values={{ email: user.email }}
              components={{ email: <span className={styles.email} /> }}
            />
          ) : (
            user.name
          )
        }
        items={[
          {
            label: students.length === 0 ? t('auth.userMenu.addStudent') : t('auth.userMenu.manageStudents'),
            onSelect: () => onOpenPanel('students'),
            ...needsServer,
          },
          // The header's progress link is for wide screens; on phones progress is reached from here.
          { label: t('auth.userMenu.progress'), onSelect: () => navigate('/progress') },
          { label: t('auth.userMenu.settings'), onSelect: () => onOpenPanel('settings'), ...needsServer },
          { label: t('auth.userMenu.reportBug'), onSelect: () => navigate('/bugs'), ...needsServer },
          'separator',
          {
            label: t('auth.userMenu.signOut'),
            onSelect: () => {
              void logout().then(() => navigate('/'));
            },
            ...needsServer,
          },
        ]}
      />
    </div>
  );
}
