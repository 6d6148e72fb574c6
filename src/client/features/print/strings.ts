import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The print page's strings beyond the menu label (locales/<lang>/on-demand/print.json). */
export const { strings: printStrings, useStrings: usePrintStrings } = onDemandStrings(
  'print',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/print.json', { import: 'default' }),
);
