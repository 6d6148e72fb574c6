import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { useChildModeState } from '../api/child-mode-state';
import { useSetPin } from '../api/set-pin';
import { useStartChildMode } from '../api/start-child-mode';
import { PIN_DIGITS, pinErrorText, pinFormatError } from '../pin-errors';
import { useChildModeStrings } from '../strings';
import { PinField } from './pin-field';
import styles from './child-mode.module.css';

/**
 * Settings → Child mode: set or change the family's parent PIN, and lock this device to the
 * current student. `onStarted` closes the settings (the locked app has none).
 */
export function ChildModeSettings({ onStarted }: { onStarted: () => void }) {
  useChildModeStrings();
  const { t } = useTranslation();
  const state = useChildModeState();
  const { currentStudent } = useCurrentStudent();
  const setPin = useSetPin();
  const start = useStartChildMode();
  const [pin, setPinText] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const pinSet = state.data?.pin_set ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = pinFormatError(pin);
    setFormatError(problem);
    setSaved(false);
    if (problem) return;
    setPin.mutate(
      { pin, ...(pinSet ? { current_pin: currentPin } : {}) },
      {
        onSuccess: () => {
          setPinText('');
          setCurrentPin('');
          setSaved(true);
        },
      },
    );
  };

  if (state.isPending) return <p>{t('child-mode.settings.loading')}</p>;
  if (state.isError) return <Alert>{errorText(state.error, t('child-mode.errors.failed'))}</Alert>;

  return (
    <div className={styles.settings}>
      <p>{t('child-mode.settings.intro')}</p>
      <section aria-labelledby="child-mode-pin-heading">
        <h4 id="child-mode-pin-heading" className={styles.heading}>
          {t('child-mode.settings.pinHeading')}
        </h4>
        <p className={styles.hint}>{pinSet ? t('child-mode.settings.pinSet') : t('child-mode.settings.noPin')}</p>
        <form onSubmit={submit} noValidate className={styles.form}>
          {pinSet && (
            <PinField
              label={t('child-mode.settings.currentPin')}
              value={currentPin}
              onChange={(e) => setCurrentPin(e.target.value)}
            />
          )}
          <PinField
            label={t('child-mode.settings.newPin')}
            hint={t('child-mode.settings.pinHint', PIN_DIGITS)}
            value={pin}
            error={formatError}
            onChange={(e) => setPinText(e.target.value)}
          />
          {setPin.isError && <Alert>{pinErrorText(setPin.error)}</Alert>}
          <p className={styles.status} role="status">
            {saved ? t('child-mode.settings.pinSaved') : ''}
          </p>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={setPin.isPending}>
              {setPin.isPending
                ? t('child-mode.settings.saving')
                : pinSet
                  ? t('child-mode.settings.changePin')
                  : t('child-mode.settings.setPin')}
            </Button>
          </div>
        </form>
      </section>
      <section aria-labelledby="child-mode-device-heading">
        <h4 id="child-mode-device-heading" className={styles.heading}>
          {t('child-mode.settings.turnOnHeading')}
        </h4>
        {currentStudent ? (
          <>
            <p className={styles.hint}>{t('child-mode.settings.turnOnHint', { name: currentStudent.name })}</p>
            {start.isError && <Alert>{pinErrorText(start.error)}</Alert>}
            <Button
              variant="primary"
              disabled={!pinSet || start.isPending}
              onClick={() => start.mutate(currentStudent.id, { onSuccess: onStarted })}
            >
              {start.isPending
                ? t('child-mode.settings.starting')
                : t('child-mode.settings.turnOn', { name: currentStudent.name })}
            </Button>
          </>
        ) : (
          <p className={styles.hint}>{t('child-mode.settings.noStudent')}</p>
        )}
      </section>
    </div>
  );
}
