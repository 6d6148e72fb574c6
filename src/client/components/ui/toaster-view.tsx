import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import type { NotifyOptions } from './toasts';
import './toasts.css';

/** How long a toast stays: longer when it offers an undo. */
const SHOWN_MS = 5000;
const SHOWN_WITH_UNDO_MS = 10000;
/** Inside their place in the page (Toasts): from its top, and from the sides on a phone. */
const OFFSET = { top: 16 };
const MOBILE_OFFSET = { top: 16, left: 16, right: 16 };

/**
 * Sonner's toaster (a polite live region; Alt+T reaches it), in the theme's colours and font. Toasts
 * sit in their own place at the top of the page, under the header (Toasts keeps room for them, so
 * they never stand in front of an action), and a pointer or tap goes through them to what is
 * underneath, except on their own buttons (toasts.css): a pointer resting over one does not keep it
 * on screen.
 */
export function ToasterView() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-center"
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      visibleToasts={3}
      closeButton
      containerAriaLabel={t('common.toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('common.toasts.close'), className: 'app-toast' }}
    />
  );
}

/** Toasts that may be repeated, by message, while they show. */
const showing = new Map<string, { id: string | number; count: number }>();

export function show(message: string, { undo, onClose, repeated }: NotifyOptions): void {
  let settled = false;
  const close = () => {
    if (settled) return;
    settled = true;
    window.removeEventListener('pagehide', close);
    onClose?.();
  };
  const gone = () => {
    if (showing.get(message)?.id === id) showing.delete(message);
    close();
  };
  if (onClose) window.addEventListener('pagehide', close);
  const prior = repeated && !undo ? showing.get(message) : undefined;
  const count = (prior?.count ?? 0) + 1;
  const id = toast(prior && repeated ? repeated(count) : message, {
    ...(prior ? { id: prior.id } : {}),
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
    onAutoClose: gone,
    onDismiss: gone,
  });
  if (repeated && !undo) showing.set(message, { id, count });
}
