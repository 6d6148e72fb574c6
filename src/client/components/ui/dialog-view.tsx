import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import type { DialogProps } from './dialog';
import { CloseIcon } from './icons';
import styles from './ui.module.css';

/** The open modal behind Dialog (loaded on first use, see dialog.tsx). */
export function DialogView({ open, onOpenChange, title, description, children, footer, wide }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={wide ? `${styles.dialog} ${styles.dialogWide}` : styles.dialog}>
          <RadixDialog.Title className={styles.dialogTitle}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.dialogDescription}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
          {footer && <div className={styles.dialogFooter}>{footer}</div>}
          <RadixDialog.Close asChild>
            <Button variant="ghost" icon className={styles.dialogClose} aria-label={t('common.actions.close')}>
              <CloseIcon />
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
