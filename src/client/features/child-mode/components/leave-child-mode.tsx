import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { useAuth } from '@client/lib/auth';
import { useExitChildMode } from '../api/exit-child-mode';
import { isFamilyLeft, pinErrorText, pinFormatError } from '../pin-errors';
import { useChildModeStrings } from '../strings';
import { PinField } from './pin-field';
import styles from './child-mode.module.css';

/** The locked header's one action: "Leave child mode", which asks for the parent PIN. */
export function LeaveChildMode({ studentName }: { studentName: string | null }) {
  useChildModeStrings();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const exit = useExitChildMode();
  const { logout } = useAuth();
  const navigate = useNavigate();
  // Locked for a family this adult has left: no PIN unlocks it; signing out (then in again) does.
  const familyLeft = exit.isError && isFamilyLeft(exit.error);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPin('');
      setFormatError(undefined);
      exit.reset();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = pinFormatError(pin);
    setFormatError(problem);
    if (problem) return;
    exit.mutate(pin, { onError: () => setPin('') });
  };

  return (
    <>
      {studentName && <span className={styles.badge}>{t('child-mode.locked.label', { name: studentName })}</span>}
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {t('child-mode.locked.leave')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        title={t('child-mode.locked.title')}
        description={t('child-mode.locked.description')}
      >
        <form onSubmit={submit} noValidate className={styles.form}>
          <PinField
            label={t('child-mode.locked.pin')}
            value={pin}
            error={formatError}
            autoFocus
            onChange={(e) => setPin(e.target.value)}
          />
          {exit.isError && <Alert>{pinErrorText(exit.error)}</Alert>}
          <div className={styles.actions}>
            <Button onClick={() => openChange(false)}>{t('common.actions.cancel')}</Button>
            {familyLeft ? (
              <Button variant="primary" onClick={() => void logout().then(() => navigate('/'))}>
                {t('child-mode.locked.signOut')}
              </Button>
            ) : (
              <Button type="submit" variant="primary" disabled={exit.isPending}>
                {exit.isPending ? t('child-mode.locked.checking') : t('child-mode.locked.submit')}
              </Button>
            )}
          </div>
        </form>
      </Dialog>
    </>
  );
}
