import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The family screens' strings beyond the settings page's title (locales/<lang>/on-demand/family.json). */
export const { strings: familyStrings, useStrings: useFamilyStrings } = onDemandStrings(
  'family',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/family.json', { import: 'default' }),
);
