import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The sharing screens' strings beyond the menu labels (locales/<lang>/on-demand/sharing.json). */
export const { strings: sharingStrings, useStrings: useSharingStrings } = onDemandStrings(
  'sharing',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/sharing.json', { import: 'default' }),
);
