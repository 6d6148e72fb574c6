import { lazyNamed } from '@client/components/ui/lazy';

// Each dialog (with the CSV parser, for the card import) downloads when it first opens.
export const ImportCardsDialog = lazyNamed(() => import('./import-cards-dialog').then((m) => m.ImportCardsDialog));
export const AnkiImportDialog = lazyNamed(() => import('./anki-import-dialog').then((m) => m.AnkiImportDialog));
export const ExportDeckDialog = lazyNamed(() => import('./export-deck-dialog').then((m) => m.ExportDeckDialog));
