import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { lazyNamed } from './lazy';
import styles from './ui.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Wider, for content such as a table. */
  wide?: boolean;
}

// The modal itself (Radix: focus trap, scroll lock, Escape) downloads when a dialog first opens, so
// pages that only might show one do not load it with their first view.
const DialogView = lazyNamed(() => import('./dialog-view').then((m) => m.DialogView));

/** Modal dialog: traps focus, restores it on close, locks page scroll, closes on Escape. */
export function Dialog(props: DialogProps) {
  return props.open ? <DialogView {...props} /> : null;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  error?: string | null;
}

/** A yes/no question; the confirm button is red for destructive actions. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  pending,
  destructive = true,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common.actions.cancel')}</Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
