import { onDemandStrings } from '@client/lib/on-demand-strings';

/** Child mode's strings beyond the settings page's title (locales/<lang>/on-demand/child-mode.json). */
export const { strings: childModeStrings, useStrings: useChildModeStrings } = onDemandStrings(
  'child-mode',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/child-mode.json', { import: 'default' }),
);
