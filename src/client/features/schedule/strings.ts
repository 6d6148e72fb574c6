import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The tuning screens' strings (locales/<lang>/on-demand/tuning.json): "How well we predict", tuning and effort. */
export const { strings: tuningStrings, useStrings: useTuningStrings } = onDemandStrings(
  'tuning',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/tuning.json', { import: 'default' }),
);
