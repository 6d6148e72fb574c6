import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The play modes' strings (locales/<lang>/on-demand/play.json), loaded with the play screen. */
export const { strings: playStrings, useStrings: usePlayStrings } = onDemandStrings(
  'play',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/play.json', { import: 'default' }),
);
