import { lazyNamed } from '@client/components/ui/lazy';

/** The deck dialogs (with their forms and validation), downloaded when one first opens. */
export const DeckDialogs = lazyNamed(() => import('./deck-dialogs').then((m) => m.DeckDialogs));
