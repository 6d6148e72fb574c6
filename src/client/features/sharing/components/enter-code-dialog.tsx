import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeShareCode } from '@shared/schemas/share';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { TextField } from '@client/components/ui/field';
import { useSharingStrings } from '../strings';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the shared deck's preview. */
  onOpen: (code: string) => void;
}

/** "Add a shared deck": type or paste a short code (or the whole link). */
export function EnterCodeDialog({ open, onOpenChange, onOpen }: Props) {
  useSharingStrings();
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeShareCode(value);
    if (!code) return setError(t('sharing.enterCode.invalid'));
    onOpenChange(false);
    onOpen(code);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sharing.enterCode.title')}
      description={t('sharing.enterCode.description')}
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('sharing.enterCode.label')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div>
          <Button onClick={() => onOpenChange(false)}>{t('common.actions.cancel')}</Button>{' '}
          <Button type="submit" variant="primary">
            {t('sharing.enterCode.open')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
