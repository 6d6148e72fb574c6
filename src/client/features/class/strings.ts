import { onDemandStrings } from '@client/lib/on-demand-strings';

/** "All students" strings beyond the views' labels (locales/<lang>/on-demand/class.json). */
export const { strings: classStrings, useStrings: useClassStrings } = onDemandStrings(
  'class',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/class.json', { import: 'default' }),
);
