import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import type { NotifyOptions } from './toasts';
import './toasts.css';

/** How long a toast stays: longer when it offers an undo, and paused while pointed at or focused. */
const SHOWN_MS = 5000;
const SHOWN_WITH_UNDO_MS = 10000;

/** Sonner's toaster (a polite live region; Alt+T reaches it), in the theme's colours and font. */
export function ToasterView() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="bottom-center"
      closeButton
      containerAriaLabel={t('common.toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('common.toasts.close'), className: 'app-toast' }}
    />
  );
}

export function show(message: string, { undo, onClose }: NotifyOptions): void {
  let settled = false;
  const close = () => {
    if (settled) return;
    settled = true;
    window.removeEventListener('pagehide', close);
    onClose?.();
  };
  if (onClose) window.addEventListener('pagehide', close);
  toast(message, {
    duration: undo ? SHOWN_WITH_UNDO_MS : SHOWN_MS,
    action: undo && {
      label: undo.label,
      onClick: () => {
        if (settled) return;
        settled = true;
        window.removeEventListener('pagehide', close);
        undo.run();
      },
    },
    onAutoClose: close,
    onDismiss: close,
  });
}
