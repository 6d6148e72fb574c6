import { lazyNamed } from '@client/components/ui/lazy';

/**
 * The progress screen's confirmations (reset all progress, remove a deck's): their code downloads
 * after the screen's first paint (DeckProgressList asks for it), not with the screen. Both need the
 * connection anyway (offline their menu items wait for it).
 */
export const loadConfirmDialog = () => import('@client/components/ui/dialog').then((m) => m.ConfirmDialog);
export const ConfirmDialog = lazyNamed(loadConfirmDialog);
