import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The settings panel's strings (locales/<lang>/on-demand/settings.json), loaded when the panel or onboarding's theme step first opens. */
export const { strings: settingsStrings, useStrings: useSettingsStrings } = onDemandStrings(
  'settings',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/settings.json', { import: 'default' }),
);
