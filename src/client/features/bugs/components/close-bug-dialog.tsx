import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bug } from '@shared/schemas/bug';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { useCloseBug } from '../api/bugs-api';
import styles from './bugs.module.css';

/** The text for a failed close: 'Incorrect password', the rate-limit text, or the server's / fallback. */
export function closeErrorText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiRequestError && err.code === 'incorrect_password') return t('bugs.close.incorrectPassword');
  return errorText(err, t('bugs.close.failed'));
}

interface CloseBugDialogProps {
  bug: Bug | null;
  onOpenChange: (open: boolean) => void;
  onClosed: (bug: Bug) => void;
}

/** Asks for the board's password and closes the bug. */
export function CloseBugDialog({ bug, onOpenChange, onClosed }: CloseBugDialogProps) {
  const { t } = useTranslation();
  const close = useCloseBug();
  const [password, setPassword] = useState('');

  const changeOpen = (next: boolean) => {
    if (!next) {
      setPassword('');
      close.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={bug !== null}
      onOpenChange={changeOpen}
      title={t('bugs.close.title')}
      description={t('bugs.close.description', { title: bug?.title ?? '' })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!bug || !password) return;
          close.mutate(
            { id: bug.id, password },
            {
              onSuccess: () => {
                changeOpen(false);
                onClosed(bug);
              },
            },
          );
        }}
      >
        {close.error && <Alert>{closeErrorText(close.error, t)}</Alert>}
        <TextField
          label={t('bugs.close.password')}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button onClick={() => changeOpen(false)}>{t('common.actions.cancel')}</Button>
          <Button type="submit" variant="danger" disabled={!password || close.isPending}>
            {close.isPending ? t('bugs.close.closing') : t('bugs.close.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
