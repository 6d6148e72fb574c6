import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { writeFlag } from '@client/lib/storage';
import { errorText } from '@client/lib/errors';
import { Button, buttonClass } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import styles from './settings.module.css';

/** General sub-page: restart onboarding, start the tour, download or delete the account's data. */
export function GeneralSettings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteAccount();

  const startTour = () => {
    writeFlag('showProductTour', true);
    // The home tour reads the flag when the home page loads (SPEC: "sets the flag and reloads").
    if (location.pathname === '/') window.location.reload();
    else window.location.assign('/');
  };

  return (
    <>
      <ul className={styles.actionList}>
        <li>
          <Button
            onClick={() => {
              onClose();
              navigate('/onboarding');
            }}
          >
            {t('settings.general.restartOnboarding')}
          </Button>
          <p className={styles.actionHint}>{t('settings.general.restartOnboardingHint')}</p>
        </li>
        <li>
          <Button onClick={startTour}>{t('settings.general.startTour')}</Button>
          <p className={styles.actionHint}>{t('settings.general.startTourHint')}</p>
        </li>
        <li>
          {/* A plain download: the server answers with an attachment, so the page stays put. */}
          <a className={buttonClass()} href="/api/users/export" download>
            {t('settings.general.exportData')}
          </a>
          <p className={styles.actionHint}>{t('settings.general.exportDataHint')}</p>
        </li>
        <li>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('settings.general.deleteAccount')}
          </Button>
          <p className={styles.actionHint}>{t('settings.general.deleteAccountHint')}</p>
        </li>
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => {
          setConfirming(o);
          if (!o) del.reset();
        }}
        title={t('settings.deleteAccount.title')}
        message={t('settings.deleteAccount.message')}
        confirmLabel={del.isPending ? t('settings.deleteAccount.deleting') : t('settings.deleteAccount.confirm')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('settings.deleteAccount.failed')) : null}
        onConfirm={() => del.mutate()}
      />
    </>
  );
}
