import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The theme step names themes as the settings panel does (locales/<lang>/on-demand/settings.json), loaded when the step opens. */
export const { useStrings: useThemeNameStrings } = onDemandStrings(
  'settings',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/settings.json', { import: 'default' }),
);
