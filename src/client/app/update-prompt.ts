import { toast } from 'sonner';
import i18next from '@client/lib/i18n';
import { registerServiceWorker } from '@client/lib/sw-register';

/**
 * Registers the service worker and, when a new version is waiting, offers "Update available —
 * Reload" in a toast that stays until answered or closed: a child mid-session is never switched
 * to the new version by itself. Loaded after the first paint (main.tsx).
 */
export function watchForUpdates(): void {
  registerServiceWorker((apply) => {
    toast(i18next.t('offline-shell.update.available'), {
      id: 'app-update',
      duration: Infinity,
      action: { label: i18next.t('offline-shell.update.reload'), onClick: apply },
    });
  });
}
