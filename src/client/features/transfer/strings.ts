import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The import and export dialogs' strings beyond the menu labels (locales/<lang>/on-demand/transfer.json). */
export const { strings: dialogStrings, useStrings: useDialogStrings } = onDemandStrings(
  'transfer',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/transfer.json', { import: 'default' }),
);
